// The connection form's texts, localized on the host (the webview has no vscode.l10n).
import * as vscode from 'vscode';
import type { ConnectionFormStrings } from '../../protocol/connectionForm';

export function connectionFormStrings(): ConnectionFormStrings {
  const t = vscode.l10n.t;
  return {
    headingAdd: t('Add Connection'),
    headingEdit: t('Edit Connection'),
    headingDuplicate: t('Duplicate Connection'),
    intro: t("Connect to TiDB, TiDB Cloud, MySQL or MariaDB. The password is kept in VS Code's secret storage, never in settings."),
    name: t('Name'),
    namePlaceholder: t('e.g. staging cluster'),
    host: t('Host'),
    hostPlaceholder: t('127.0.0.1 or gateway01.<region>.prod.aws.tidbcloud.com'),
    tidbCloudHint: t(
      'TiDB Cloud accepts only TLS connections. Its certificate is verified against the system CA store, so no CA file is needed.',
    ),
    port: t('Port'),
    user: t('User'),
    userPlaceholder: t('root, or <prefix>.root on TiDB Cloud'),
    password: t('Password'),
    passwordKeepPlaceholder: t('Stored in secret storage: leave empty to keep it'),
    passwordMode: t('Password is'),
    passwordModeSecretStorage: t('Saved in secret storage'),
    passwordModeAsk: t('Asked on every connect'),
    passwordModeEmpty: t('Not needed (empty)'),
    database: t('Default database'),
    databasePlaceholder: t('optional'),
    tls: t('TLS'),
    tlsOff: t('Off: unencrypted (local servers)'),
    tlsRequired: t('Required: encrypted, certificate not verified'),
    tlsVerify: t('Verify: encrypted, server certificate verified (TiDB Cloud)'),
    caFile: t('CA file'),
    caFilePlaceholder: t('optional: PEM file; empty uses the system CA store'),
    browse: t('Browse…'),
    test: t('Test Connection'),
    testing: t('Testing the connection…'),
    save: t('Save'),
    cancel: t('Cancel'),
    nextStep: t('Next step:'),
    serverSaid: t('The server said:'),
    systemSaid: t('The operating system said:'),
    clientSaid: t('Details:'),
    problemsHeading: t('Please fix these before going on:'),
  };
}
