import { runEventsCommand } from './events/events-command';

/** `npm run events -- …` (after `npm run build`): dead letters and set-aside outbox events; see EVENTS_USAGE. */
runEventsCommand(process.argv.slice(2), { env: process.env, out: (line) => console.log(line) }).then(
  (code) => (process.exitCode = code),
);
