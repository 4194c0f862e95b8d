// What the packaged .vsix must hold and must not, as functions of its file listing and of its
// third-party notices text: scripts/checkVsix.mjs runs them on the .vsix `npm run package` made,
// test/unit/ci/vsixChecks.test.ts on notices built from the real bundles and on listings made up.

export const REQUIRED_FILES = [
  'extension/package.json',
  'extension/package.nls.json',
  'extension/l10n/bundle.l10n.json',
  'extension/dist/extension.js',
  'extension/dist/extensionFull.js',
  'extension/dist/benchWorker.js',
  'extension/dist/benchRunner.js',
  'extension/dist/planBuildWorker.js',
  'extension/dist/THIRD-PARTY-NOTICES.txt',
  'extension/LICENSE.txt',
];

export const NOTICES_FILE = 'extension/dist/THIRD-PARTY-NOTICES.txt';

/** The runtime dependencies every build bundles, with the license each states: the notices must carry them. */
export const NOTICE_PACKAGES = {
  mysql2: 'MIT',
  'chart.js': 'MIT',
  'hdr-histogram-js': 'BSD-2-Clause',
  '@vscode-elements/elements': 'MIT',
};

/** What is wrong with a .vsix's file listing: a file the extension loads is missing, or the CLI (never loaded) or a source map ships. */
export function listingProblems(files) {
  const listed = new Set(files);
  return [
    ...REQUIRED_FILES.filter((file) => !listed.has(file)).map((file) => `missing ${file}`),
    ...[...listed].filter((file) => file === 'extension/dist/cli.js' || file.endsWith('.map')).map((file) => `should not ship ${file}`),
  ];
}

function escaped(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What is wrong with the notices text: a bundled package missing from the list, without its license, or without its license text. */
export function noticesProblems(text, packages = NOTICE_PACKAGES) {
  const problems = [];
  for (const [name, license] of Object.entries(packages)) {
    const listed = new RegExp(`^- ${escaped(name)} \\d[^ ]* \\(${escaped(license)}\\)$`, 'm').test(text);
    if (!listed) problems.push(`${name} (${license}) is not in the list of bundled packages`);
    const section = new RegExp(
      `^${escaped(name)} \\d[^\\n]*\\nLicense: ${escaped(license)}\\n=+\\n\\n([\\s\\S]*?)(?=\\n={78}\\n|(?![\\s\\S]))`,
      'm',
    ).exec(text);
    if (!section) problems.push(`${name} has no section stating ${license}`);
    else if (!/Copyright/i.test(section[1])) problems.push(`${name}'s section lacks its license text (no copyright line)`);
  }
  return problems;
}
