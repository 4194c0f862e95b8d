// Reads what `tiup list tidb` prints: a header line, then a table (tui.PrintTable in TiUP's
// pkg/tui/tui.go: columns split by two spaces, a row of dashes under the titles) of
// Version, Installed ("YES" or empty), Release, Platforms, sorted with semver.Compare, with a
// "nightly -> vX.Y.Z-alpha-nightly-..." row for the nightly build (cmd/list.go, showComponentVersions).

export interface TiDBVersionList {
  /** release versions (vMAJOR.MINOR.PATCH, no pre-release), newest first */
  releases: string[];
  /** versions already downloaded (any kind), newest first */
  installed: string[];
  /** what `nightly` stands for now, when TiUP listed it */
  nightly?: string;
  /** the newest release: what `tiup playground` starts without a version */
  latest?: string;
}

const RELEASE = /^v(\d+)\.(\d+)\.(\d+)$/;
const NIGHTLY_ROW = /^nightly\s*->\s*(\S+)/;

export function parseTiDBVersionList(output: string): TiDBVersionList {
  const lines = output.replace(/\r/g, '').split('\n');
  const dashes = lines.findIndex((line) => /^-+(\s+-+)+\s*$/.test(line.trim()));
  const rows = dashes >= 0 ? lines.slice(dashes + 1) : lines;
  const releases: string[] = [];
  const installed: string[] = [];
  let nightly: string | undefined;
  for (const raw of rows) {
    const line = raw.trim();
    if (!line) continue;
    const nightlyMatch = NIGHTLY_ROW.exec(line);
    if (nightlyMatch) {
      nightly = nightlyMatch[1];
      continue;
    }
    const cells = line.split(/\s{2,}/);
    const version = cells[0];
    if (!/^v\d/.test(version)) continue;
    if (cells[1] === 'YES') installed.push(version);
    if (RELEASE.test(version)) releases.push(version);
  }
  releases.sort(compareVersionsDescending);
  installed.sort(compareVersionsDescending);
  return { releases: unique(releases), installed: unique(installed), nightly, latest: releases[0] };
}

/** Newest first; pre-releases after their release, like semver. */
export function compareVersionsDescending(a: string, b: string): number {
  const pa = versionParts(a);
  const pb = versionParts(b);
  for (let i = 0; i < 3; i++) {
    if (pa.numbers[i] !== pb.numbers[i]) return pb.numbers[i] - pa.numbers[i];
  }
  if (pa.preRelease === pb.preRelease) return 0;
  if (pa.preRelease === '') return -1;
  if (pb.preRelease === '') return 1;
  return pb.preRelease.localeCompare(pa.preRelease);
}

/** A version `tiup playground` accepts: vX.Y.Z (with a pre-release), `nightly`, or a range such as ^8 or ~8.5. */
export function playgroundVersionProblem(text: string): string | undefined {
  const version = text.trim();
  if (version === '' || version === 'nightly') return undefined;
  if (/^v\d+(\.\d+){0,2}(-[0-9A-Za-z.-]+)?$/.test(version)) return undefined;
  if (/^[~^]v?\d+(\.\d+){0,2}$/.test(version)) return undefined;
  if (/^\d+\.\d+\.\d+/.test(version)) return `TiUP versions start with v: v${version}.`;
  return `'${version}' is not a TiDB version: use vX.Y.Z (for example v8.5.1), nightly, or a range such as ^8.`;
}

function versionParts(version: string): { numbers: number[]; preRelease: string } {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-(.*))?$/.exec(version);
  if (!match) return { numbers: [-1, -1, -1], preRelease: version };
  return { numbers: [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)], preRelease: match[4] ?? '' };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
