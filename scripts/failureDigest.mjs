#!/usr/bin/env node
// What the e2e failure reports (test-results/failures/<name>.log, written by WorkbenchSession.diagnose)
// say TiDB Lab did last, short enough to end a CI log with: the log a CI run keeps is often cut in
// the middle, and the screenshot beside the report is gone with the CI machine.
// Usage: node scripts/failureDigest.mjs <failures folder> [lines per report]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SECTION = /^--- (.+?) (?:\(.*\) )?---$/;
const MAX_LINE = 240;

/** The sections of one failure report, by title ("TiDB Lab log", "extension host log", ...). */
function reportSections(text) {
  const sections = new Map();
  let current;
  for (const line of text.split(/\r?\n/)) {
    const heading = SECTION.exec(line);
    if (heading) {
      current = [];
      sections.set(heading[1], current);
    } else current?.push(line);
  }
  return sections;
}

/** A few lines per report: what TiDB Lab's log (else the extension host's) said last, each line cut short. */
export function failureDigest(reports, linesPerReport = 12) {
  const out = [];
  for (const { name, text } of reports) {
    const sections = reportSections(text);
    const [title, lines] = ['TiDB Lab log', 'extension host log']
      .map((key) => [key, sections.get(key)])
      .find(([, found]) => found && found.some((line) => line.trim())) ?? ['', undefined];
    if (!lines) {
      out.push(`::: ${name}: the report has no TiDB Lab or extension host log`);
      continue;
    }
    out.push(`::: ${name}: the last lines of its ${title}`);
    const kept = lines.filter((line) => line.trim()).slice(-linesPerReport);
    for (const line of kept) out.push(`:::   ${line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line}`);
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = process.argv[2];
  if (!folder) {
    console.error('usage: node scripts/failureDigest.mjs <failures folder> [lines per report]');
    process.exit(2);
  }
  if (!existsSync(folder)) process.exit(0);
  const reports = readdirSync(folder)
    .filter((file) => file.endsWith('.log'))
    .sort()
    .map((file) => ({ name: file.replace(/\.log$/, ''), text: readFileSync(join(folder, file), 'utf8') }));
  for (const line of failureDigest(reports, Number(process.argv[3]) || undefined)) console.log(line);
}
