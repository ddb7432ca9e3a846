import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

describe('config - LOG_FORMAT', () => {
  it('config - LOG_FORMAT unset leaves the choice to the terminal (no logFormat)', () => {
    expect(loadConfig({}).logFormat).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: '' }).logFormat).toBeUndefined();
  });

  it('config - LOG_FORMAT=pretty or json chooses explicitly', () => {
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });

  it('config - any other LOG_FORMAT fails at start with the allowed values', () => {
    for (const bad of ['PRETTY', 'text', 'yaml', ' json']) {
      expect(() => loadConfig({ LOG_FORMAT: bad }), bad).toThrow(/LOG_FORMAT must be pretty or json.*got/);
    }
  });
});
