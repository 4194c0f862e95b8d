// Hostile texts for the password redaction: every log line, result string and printed step goes
// through redactSecretText, so each of these must take time linear in its length. Shared by
// test/unit/sql/redactionLinearity.test.ts and scripts/benchRedaction.mjs (which loads the compiled copy).
export const REDACTION_INPUTS: ReadonlyArray<readonly [string, (length: number) => string]> = [
  ['a bulk INSERT value of dash-joined words', (n) => `INSERT INTO t VALUES ('${'a-'.repeat(n / 2)}')`],
  ['dotted words', (n) => 'a.'.repeat(n / 2)],
  ['a chain of -password flags', (n) => '-password'.repeat(n / 9)],
  ["an unterminated IDENTIFIED BY '\\\\\\...", (n) => `IDENTIFIED BY '${'\\'.repeat(n)}`],
  ['repeated IDENTIFIED WITH', (n) => 'IDENTIFIED WITH '.repeat(n / 16)],
  ["repeated SET PASSWORD FOR 'a", (n) => "SET PASSWORD FOR 'a".repeat(n / 19)],
  ['repeated PASSWORD(', (n) => 'PASSWORD('.repeat(n / 9)],
  ['repeated password words', (n) => 'password '.repeat(n / 9)],
  ['an unterminated comment of IDENTIFIED BY', (n) => `/* ${'IDENTIFIED BY '.repeat(n / 14)}`],
  ['repeated IDENTIFIED /*', (n) => 'IDENTIFIED /*'.repeat(n / 13)],
  ['repeated # IDENTIFIED BY without a newline', (n) => '# IDENTIFIED BY '.repeat(n / 16)],
  ["repeated 'IDENTIFIED BY '", (n) => "'IDENTIFIED BY '".repeat(n / 16)],
  ["a string of IDENTIFIED BY \\'", (n) => `'${"IDENTIFIED BY \\'".repeat(n / 16)}`],
  ["a PREPARE of IDENTIFIED BY ''", (n) => `PREPARE s FROM '${"IDENTIFIED BY ''".repeat(n / 16)}`],
  ["PASSWORD = ' and doubled quotes", (n) => `PASSWORD = '${"''".repeat(n / 2)}`],
  ['repeated OR a USING', (n) => 'OR a USING '.repeat(n / 11)],
  ['a word of colons before a DSN address', (n) => `${'a:'.repeat(n / 2)}@tcp(h)/db`],
  ['repeated DSN addresses', (n) => 'u:p@tcp('.repeat(n / 8)],
  ['repeated -p', (n) => '-p -pa '.repeat(n / 7)],
];
