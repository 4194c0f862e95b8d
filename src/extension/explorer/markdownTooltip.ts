// Rich tooltips for tree items: a bold title, then label/value rows. Every value is escaped:
// table names, comments and server messages are not markdown.
import * as vscode from 'vscode';

export type TooltipRow = [label: string, value: string | undefined | null];

export function markdownTooltip(title: string, rows: TooltipRow[], footer?: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(`**${escapeMarkdown(title)}**\n\n`);
  const shown = rows.filter((row): row is [string, string] => row[1] !== undefined && row[1] !== null && row[1] !== '');
  if (shown.length > 0) {
    md.appendMarkdown('| | |\n|---|---|\n');
    for (const [label, value] of shown) md.appendMarkdown(`| ${escapeMarkdown(label)} | ${escapeMarkdown(value)} |\n`);
  }
  if (footer) md.appendMarkdown(`\n${escapeMarkdown(footer)}`);
  return md;
}

export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~&]/g, (char) => `\\${char}`).replace(/\r?\n/g, ' ');
}
