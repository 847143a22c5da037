// The project's own set-up of the Debian programs the ci lane runs (LibreOffice Calc): installed with apt-get when
// missing and allowed, one line saying what to run otherwise, never a silent skip. apt-get and the files are
// injected, so the machine's own packages are never touched.
import { describe, expect, it } from 'vitest';
import { DEBIAN_TOOLS, ensureDebianTools, installHint, type ToolSetup } from '../support/debian-tools-setup.ts';

function fakeSetup(present: Set<string>, overrides: Partial<ToolSetup> = {}): ToolSetup & { commands: string[][] } {
  const commands: string[][] = [];
  return {
    installer: () => [],
    run: (command) => (commands.push(command), 0),
    aptGet: 'apt-get',
    log: () => {},
    present: (file) => present.has(file),
    commands,
    ...overrides,
  };
}

const TOOLS = [
  { name: 'Tool A', packages: ['pkg-a'], file: '/opt/a' },
  { name: 'Tool B', packages: ['pkg-b1', 'pkg-b2'], file: '/opt/b' },
];

describe('the Debian tools set-up', () => {
  it('declares LibreOffice Calc, from libreoffice-calc', () => {
    expect(DEBIAN_TOOLS.map((tool) => tool.packages)).toContainEqual(['libreoffice-calc']);
  });

  it('does nothing when every tool is there', () => {
    const setup = fakeSetup(new Set(['/opt/a', '/opt/b']));
    expect(ensureDebianTools(TOOLS, setup)).toEqual([]);
    expect(setup.commands).toEqual([]);
  });

  it('installs only the missing tools’ packages, in one apt-get run, through sudo -n when not root', () => {
    const present = new Set(['/opt/a']);
    const setup = fakeSetup(present, {
      installer: () => ['sudo', '-n'],
      run: (command) => {
        setup.commands.push(command);
        if (command.includes('install')) present.add('/opt/b');
        return 0;
      },
    });
    expect(ensureDebianTools(TOOLS, setup)).toEqual(['Tool B']);
    expect(setup.commands).toEqual([
      ['sudo', '-n', 'apt-get', 'update', '-qq'],
      ['sudo', '-n', 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'pkg-b1', 'pkg-b2'],
    ]);
  });

  it('fails with the one-line instruction when it cannot install, when apt-get fails, or installs nothing useful', () => {
    const hint = installHint(TOOLS);
    expect(hint).toBe(
      'Tool A, Tool B: needed by the tests; run `sudo apt-get install pkg-a pkg-b1 pkg-b2` (Debian), then the tests again.',
    );
    const cannot = fakeSetup(new Set(), { installer: () => null });
    expect(() => ensureDebianTools(TOOLS, cannot)).toThrow(
      `/opt/a, /opt/b missing and this user cannot install (not root, no passwordless sudo). ${hint}`,
    );
    expect(cannot.commands).toEqual([]);
    expect(() => ensureDebianTools(TOOLS, fakeSetup(new Set(), { run: () => 100 }))).toThrow(
      `\`apt-get update -qq\` failed (exit 100). ${hint}`,
    );
    expect(() => ensureDebianTools(TOOLS, fakeSetup(new Set()))).toThrow(
      `apt-get installed pkg-a pkg-b1 pkg-b2, but /opt/a, /opt/b still missing. ${hint}`,
    );
  });
});
