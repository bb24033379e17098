// A probe agent: `PROBE_TOKEN_FILE=FILE npm run probe-agent -- --site URL --location ID` (docs/deploy.md).
import { agentOptions, AgentOptionsError, agentUsage } from './agent-options.ts';
import { ProbeAgent } from './probe-agent.ts';

if (process.argv.includes('--help')) {
  console.log(agentUsage);
  process.exit(0);
}

let agent: ProbeAgent;
try {
  agent = new ProbeAgent(agentOptions(process.argv.slice(2), process.env), {
    info: (m) => console.log(`${new Date().toISOString()} ${m}`),
    warn: (m) => console.warn(`${new Date().toISOString()} warning: ${m}`),
    error: (m) => console.error(`${new Date().toISOString()} error: ${m}`),
  });
} catch (error) {
  console.error(error instanceof AgentOptionsError ? `probe-agent:\n${error.message}` : String(error));
  process.exit(2);
}
agent.onRefused = () => {
  void agent.stop().then(() => process.exit(1));
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void agent.stop().then(() => process.exit(0));
  });
}
try {
  await agent.start();
} catch (error) {
  console.error(`probe-agent: could not start: ${(error as Error).message}`);
  process.exit(1);
}
