// Third-party notices for the packages esbuild puts into the bundles: the bundles are built with
// legalComments 'none', so the licenses travel in dist/THIRD-PARTY-NOTICES.txt instead.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The package folder (node_modules/<name> or node_modules/@scope/<name>, innermost) of a bundled input path. */
function packageFolderOf(inputPath) {
  const parts = inputPath.split(/[\\/]/);
  const index = parts.lastIndexOf('node_modules');
  if (index < 0) return undefined;
  const nameParts = parts[index + 1]?.startsWith('@') ? 2 : 1;
  if (parts.length <= index + nameParts) return undefined;
  return parts.slice(0, index + 1 + nameParts).join('/');
}

/** name, version, license and license texts of every package with at least one input in the metafiles. */
export function bundledPackages(metafiles) {
  const folders = new Set();
  for (const metafile of metafiles) {
    for (const input of Object.keys(metafile.inputs)) {
      const folder = packageFolderOf(input);
      if (folder) folders.add(folder);
    }
  }
  const packages = new Map();
  for (const folder of folders) {
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    const key = `${manifest.name}@${manifest.version}`;
    if (packages.has(key)) continue;
    const licenseFiles = readdirSync(folder)
      .filter((file) => /^(licen[cs]e|copying|notices?)(\.|$)/i.test(file))
      .sort();
    packages.set(key, {
      name: manifest.name,
      version: manifest.version,
      license: typeof manifest.license === 'string' ? manifest.license : (manifest.license?.type ?? 'see the package'),
      texts: licenseFiles.map((file) => ({ file, text: readFileSync(join(folder, file), 'utf8').trim() })),
    });
  }
  return [...packages.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export function noticesText(packages) {
  const header = [
    'TiDB Lab bundles the following third-party packages into its JavaScript files.',
    'Their copyright notices and licenses follow.',
    '',
    ...packages.map((pkg) => `- ${pkg.name} ${pkg.version} (${pkg.license})`),
  ];
  const sections = packages.map((pkg) => {
    const texts =
      pkg.texts.length > 0
        ? pkg.texts.map((entry) => `${entry.file}:\n\n${entry.text}`).join('\n\n')
        : `(${pkg.name} ships no license file; its package.json states the license ${pkg.license}.)`;
    return `${'='.repeat(78)}\n${pkg.name} ${pkg.version}\nLicense: ${pkg.license}\n${'='.repeat(78)}\n\n${texts}`;
  });
  return `${[header.join('\n'), ...sections].join('\n\n\n')}\n`;
}

/** The bundled packages whose heading (name and version) is not in the notices text. */
export function missingFromNotices(text, packages) {
  return packages.filter((pkg) => !text.includes(`\n${pkg.name} ${pkg.version}\nLicense: `)).map((pkg) => `${pkg.name}@${pkg.version}`);
}
