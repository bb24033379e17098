import type { ScheduleInput } from '../../contracts/panel.ts';

/** The schedule of the example: every day at 04:00, say, wait 5 minutes, back up, restart (UTC). */
export const nightlyRestart: ScheduleInput = {
  name: 'Nightly restart',
  timetable: { minute: '0', hour: '4', dayOfMonth: '*', month: '*', dayOfWeek: '*' },
  timeZone: 'UTC',
  enabled: true,
  onlyWhenOnline: false,
  tasks: [
    { kind: 'command', delaySeconds: 0, command: 'say Restarting in 5 minutes' },
    { kind: 'backup', delaySeconds: 300, onLimit: 'replace-oldest-unlocked' },
    { kind: 'power', delaySeconds: 0, signal: 'restart' },
  ],
};
