// The README and the CHANGELOG as the .vsix carries them (dist/README.md, dist/CHANGELOG.md, given to
// `vsce package --readme-path / --changelog-path`). VS Code's extension page draws README images
// only from https: or data: addresses (its Content-Security-Policy), and the manifest names no
// repository that vsce could point relative links at, so here each picture of media/ becomes a
// data: URI and each link to another page of the repository becomes its path in code (the page
// is in the clone the .vsix was built from). The repository's README keeps its relative links.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function isRelative(target) {
  return !/^[a-z][\w+.-]*:/i.test(target) && !target.startsWith('#');
}

/** The Markdown with relative PNG pictures inlined (read through `readPicture`) and relative page links as code. */
export function packagedMarkdown(markdown, readPicture) {
  const dataUri = (target) => `data:image/png;base64,${readPicture(target).toString('base64')}`;
  return markdown
    .replace(/!\[([^\]]*)\]\(([^)\s]+\.png)\)/g, (whole, alt, target) => (isRelative(target) ? `![${alt}](${dataUri(target)})` : whole))
    .replace(/(<img\b[^>]*\bsrc=")([^"]+\.png)(")/g, (whole, before, target, after) =>
      isRelative(target) ? `${before}${dataUri(target)}${after}` : whole,
    )
    .replace(/(?<!!)\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, text, target) => {
      if (!isRelative(target)) return whole;
      const path = target.split('#')[0];
      const named = text.replace(/`/g, '');
      return named === path ? `\`${path}\`` : `${text} (\`${path}\`)`;
    });
}

function main() {
  mkdirSync(join(repoRoot, 'dist'), { recursive: true });
  for (const name of ['README.md', 'CHANGELOG.md']) {
    const text = readFileSync(join(repoRoot, name), 'utf8');
    const packaged = packagedMarkdown(text, (target) => readFileSync(join(repoRoot, target)));
    writeFileSync(join(repoRoot, 'dist', name), packaged);
    console.log(`dist/${name}: ${Math.round(packaged.length / 1024)} KB (pictures inlined, links to other pages as paths)`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
