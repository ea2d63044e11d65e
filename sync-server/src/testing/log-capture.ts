import { vi } from 'vitest';
import { createLogger, logger } from '../lib/logger.ts';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * From now until `restore()`, every line the app's logger writes, as it would be written:
 * the same options and serializers, at every level (the test logger is otherwise silent).
 */
export function captureLogs() {
  const lines: string[] = [];
  const sink = createLogger({ write: (line: string) => void lines.push(line) }, 'trace');
  const spies = LEVELS.map((level) =>
    vi
      .spyOn(logger, level)
      .mockImplementation(((...args: Parameters<typeof sink.info>) =>
        sink[level](...args)) as typeof sink.info),
  );
  return {
    lines,
    /** Every line parsed. */
    entries: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
    text: () => lines.join(''),
    restore: () => spies.forEach((s) => s.mockRestore()),
  };
}
