// How a new conversation reaches a person at the console (docs/decisions.md 45): a short sound
// and a browser notification, each only after the person turned it on here (the browser asks
// for the notification's permission then), and only while they are available for chat.
import { useCallback, useState } from 'react';
import type { ConversationSummary } from '../../../../contracts/support-staff-api.ts';

const soundKey = 'hf_desk_sound';
const notifyKey = 'hf_desk_notify';

const stored = (key: string) => {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
};
const store = (key: string, on: boolean) => {
  try {
    if (on) localStorage.setItem(key, '1');
    else localStorage.removeItem(key);
  } catch {
    // Storage blocked: the choice lasts until the page is left.
  }
};

/** Two short tones, made on the spot (no sound file to load). */
function chime(): void {
  let audio: AudioContext;
  try {
    audio = new AudioContext();
  } catch {
    return; // no audio output here: the notification, when on, still shows
  }
  const tone = (frequency: number, at: number) => {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.15, audio.currentTime + at);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + at + 0.18);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(audio.currentTime + at);
    oscillator.stop(audio.currentTime + at + 0.2);
  };
  tone(880, 0);
  tone(1320, 0.15);
  setTimeout(() => void audio.close(), 600);
}

export type NotificationState = 'unsupported' | 'denied' | 'off' | 'on';

export function useDeskAlerts() {
  const supported = typeof Notification !== 'undefined';
  const [sound, setSound] = useState(() => stored(soundKey));
  const [notify, setNotify] = useState<NotificationState>(() =>
    !supported ? 'unsupported' : Notification.permission === 'denied' ? 'denied' : stored(notifyKey) && Notification.permission === 'granted' ? 'on' : 'off',
  );

  const setSoundOn = (on: boolean) => {
    store(soundKey, on);
    setSound(on);
    if (on) chime(); // a click is the gesture that lets the page play sound; the person hears what it will be
  };

  const setNotifyOn = async (on: boolean) => {
    if (!supported) return;
    if (!on) {
      store(notifyKey, false);
      setNotify('off');
      return;
    }
    const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    store(notifyKey, permission === 'granted');
    setNotify(permission === 'granted' ? 'on' : permission === 'denied' ? 'denied' : 'off');
  };

  const alertNew = useCallback(
    (conversation: ConversationSummary, available: boolean | undefined) => {
      if (!available) return;
      if (sound) chime();
      if (notify === 'on') {
        const note = new Notification(conversation.origin === 'chat' ? 'New chat' : 'New contact message', {
          body: conversation.preview,
          tag: conversation.id,
        });
        note.onclick = () => {
          window.focus();
          location.hash = `conversations/${conversation.id}`;
        };
      }
    },
    [sound, notify],
  );

  return { sound, setSoundOn, notify, setNotifyOn, alertNew };
}
