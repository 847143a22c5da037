// The variables only the test suite sets: read through config.ts like every other, validated, documented in the
// README's Development section, and inert when unset.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, readTestKillPoint, TEST_VARIABLES } from '../../scripts/config.ts';
import { KILL_POINTS } from '../../scripts/kill-point.ts';
import { PROJECT_ROOT } from '../support/run-cli.ts';

describe('test-only variables', () => {
  it('leave the throttle at its defaults and name no kill point when unset', () => {
    const config = loadConfig({}, '/tmp');
    expect(config.upstream.throttleFloorMs).toBeUndefined();
    expect(config.upstream.throttleCeilingMs).toBeUndefined();
    expect(readTestKillPoint({})).toBeNull();
  });

  it('set the throttle floor and ceiling, and refuse a bad value naming the variable', () => {
    const config = loadConfig({ KPU_TEST_THROTTLE_FLOOR_MS: '20', KPU_TEST_THROTTLE_CEILING_MS: '100' }, '/tmp');
    expect(config.upstream).toMatchObject({ throttleFloorMs: 20, throttleCeilingMs: 100 });
    expect(() => loadConfig({ KPU_TEST_THROTTLE_FLOOR_MS: '0' }, '/tmp')).toThrow(
      /KPU_TEST_THROTTLE_FLOOR_MS must be a whole number/,
    );
  });

  it('read a kill point, with the time it is reached, and refuse anything else', () => {
    expect(readTestKillPoint({ KPU_TEST_KILL_AT: 'publish:swapped' })).toEqual({ point: 'publish:swapped', nth: 1 });
    expect(readTestKillPoint({ KPU_TEST_KILL_AT: 'publish:placing#40' })).toEqual({
      point: 'publish:placing',
      nth: 40,
    });
    expect(() => readTestKillPoint({ KPU_TEST_KILL_AT: 'after 3 seconds' })).toThrow(
      /KPU_TEST_KILL_AT must be a kill point/,
    );
    for (const point of KILL_POINTS) expect(readTestKillPoint({ KPU_TEST_KILL_AT: point })?.point).toBe(point);
  });

  it('are each documented in the README, with every kill point', async () => {
    const readme = await readFile(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
    for (const variable of TEST_VARIABLES) expect(readme, variable.name).toContain(`\`${variable.name}\``);
    for (const point of KILL_POINTS) expect(readme, point).toContain(`\`${point}\``);
  });
});
