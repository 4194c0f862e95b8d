/** The relative links and image sources of a Markdown page (Markdown links and <img> tags), without their #fragment. */
export function relativeLinks(markdown: string): string[] {
  const targets = [
    ...[...markdown.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]),
    ...[...markdown.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]),
  ];
  return targets.filter((target) => !/^[a-z][\w+.-]*:/i.test(target) && !target.startsWith('#')).map((target) => target.split('#')[0]);
}
