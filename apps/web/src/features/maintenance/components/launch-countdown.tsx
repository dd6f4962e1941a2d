import type { CountdownParts } from '@/lib/launch-time';

const UNITS: Array<{ key: keyof CountdownParts; label: string }> = [
  { key: 'days', label: 'Days' },
  { key: 'hours', label: 'Hours' },
  { key: 'minutes', label: 'Minutes' },
  { key: 'seconds', label: 'Seconds' },
];

/** Days / hours / minutes / seconds left. A `timer` region: assistive tech reads it on demand, not every tick. */
export function LaunchCountdown({ remaining }: { remaining: CountdownParts }) {
  return (
    <div role="timer" aria-label="Time until launch" className="countdown">
      {UNITS.map(({ key, label }) => (
        <div key={key} className="countdown__unit">
          <span className="countdown__value">{String(remaining[key]).padStart(2, '0')}</span>
          <span className="countdown__label">{label}</span>
        </div>
      ))}
    </div>
  );
}
