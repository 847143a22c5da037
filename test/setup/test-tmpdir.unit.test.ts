// The suite's temporary folder (test/support/test-tmpdir.ts): a tmpfs when there is a large one, never over a
// folder the person running the tests chose.
import { describe, expect, it } from 'vitest';
import { chooseTestTmpdir } from '../support/test-tmpdir.ts';

describe('the test suite’s temporary folder', () => {
  it('takes KPU_TEST_TMPDIR first, and leaves a TMPDIR set by hand alone', () => {
    expect(chooseTestTmpdir({ KPU_TEST_TMPDIR: '/scratch', TMPDIR: '/elsewhere' })).toBe('/scratch');
    expect(chooseTestTmpdir({ TMPDIR: '/elsewhere' })).toBeNull();
  });
});
