// A saved connection. Disconnected, expanding or clicking it connects; connected, it lists the
// server, the cluster (TiDB) and the databases. Its id includes whether it was connected when the
// node was made, so that VS Code shows a freshly connected item expanded and a disconnected one
// collapsed; when that changes the provider makes a new node (see `isStale`).
import * as vscode from 'vscode';
import { describeEndpoint } from '../../core/db/connectionProfile';
import { listSchemas } from '../../core/db/schemaQueries';
import { serverDisplayName } from '../../core/db/serverFlavor';
import { COMMANDS } from '../commandIds';
import type { StoredConnection } from '../connections/connectionStore';
import { ClusterNode } from './clusterNodes';
import { contextValues } from './contextValues';
import { SEPARATOR } from './explorerLabels';
import { treeItemId, type ExplorerNode, type ExplorerServices } from './explorerNode';
import { markdownTooltip, type TooltipRow } from './markdownTooltip';
import { MessageNode, listOrExplain } from './messageNode';
import { SchemaNode } from './schemaNode';
import { ServerNode } from './serverNode';

export class ConnectionNode implements ExplorerNode {
  private readonly connectedWhenMade: boolean;

  constructor(
    readonly connection: StoredConnection,
    private readonly services: ExplorerServices,
  ) {
    this.connectedWhenMade = this.isConnected();
  }

  /** VS Code keeps an item's expansion by id: a change of connected state needs a new node and id. */
  isStale(): boolean {
    return this.connectedWhenMade !== this.isConnected();
  }

  private isConnected(): boolean {
    return this.services.manager.sessionFor(this.connection.profile.id) !== undefined;
  }

  get profileId(): string {
    return this.connection.profile.id;
  }

  treeItem(): vscode.TreeItem {
    const { profile, source } = this.connection;
    const manager = this.services.manager;
    const session = manager.sessionFor(profile.id);
    const connecting = manager.isConnecting(profile.id);
    const problem = session ? undefined : manager.lastProblem(profile.id);
    // "active" only tells something when several connections are open.
    const isActive = session !== undefined && manager.activeProfileId() === profile.id && manager.connectedProfileIds().length > 1;

    const item = new vscode.TreeItem(
      profile.name,
      this.connectedWhenMade ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = treeItemId(profile.id, this.connectedWhenMade ? 'connected' : 'disconnected');
    item.contextValue = contextValues.connection(session !== undefined, source);
    item.description = [
      isActive ? vscode.l10n.t('active') : '',
      connecting ? vscode.l10n.t('connecting…') : problem ? vscode.l10n.t('failed') : '',
      `${profile.host}:${profile.port}`,
      source === 'settings' ? vscode.l10n.t('from settings') : '',
    ]
      .filter(Boolean)
      .join(SEPARATOR);
    item.iconPath = connecting
      ? new vscode.ThemeIcon('loading~spin')
      : session
        ? new vscode.ThemeIcon('vm-running', new vscode.ThemeColor('testing.iconPassed'))
        : problem
          ? new vscode.ThemeIcon('vm-outline', new vscode.ThemeColor('list.errorForeground'))
          : new vscode.ThemeIcon('vm-outline');

    const rows: TooltipRow[] = [
      [vscode.l10n.t('Endpoint'), describeEndpoint(profile)],
      [
        vscode.l10n.t('TLS'),
        profile.tls === 'verify'
          ? profile.caFile
            ? vscode.l10n.t('verify against {0}', profile.caFile)
            : vscode.l10n.t('verify (system CA store)')
          : profile.tls,
      ],
      [
        vscode.l10n.t('Password'),
        { secretStorage: vscode.l10n.t('in secret storage'), ask: vscode.l10n.t('asked on connect'), empty: vscode.l10n.t('none') }[
          profile.passwordMode
        ],
      ],
      [
        vscode.l10n.t('Defined in'),
        source === 'settings' ? vscode.l10n.t('settings (tidbLab.connections)') : vscode.l10n.t('TiDB Lab (this machine)'),
      ],
      [vscode.l10n.t('Server'), session ? serverDisplayName(session.identity) : null],
      [vscode.l10n.t('Last error'), problem ? `${problem.title} ${problem.nextStep}` : null],
    ];
    item.tooltip = markdownTooltip(profile.name, rows, session ? undefined : vscode.l10n.t('Click to connect.'));
    if (!session && !connecting) item.command = { command: COMMANDS.connect, title: vscode.l10n.t('Connect'), arguments: [profile.id] };
    return item;
  }

  async children(): Promise<ExplorerNode[]> {
    const manager = this.services.manager;
    const session = manager.sessionFor(this.profileId);
    if (!session) {
      const problem = manager.lastProblem(this.profileId);
      // After a failure, expanding again must not retry in a loop: the user retries explicitly.
      if (problem && !manager.isConnecting(this.profileId)) {
        return [
          new MessageNode('error', problem.title, `${problem.title} ${problem.nextStep}`, {
            command: COMMANDS.connect,
            title: vscode.l10n.t('Connect'),
            arguments: [this.profileId],
          }),
        ];
      }
      if (!manager.isConnecting(this.profileId)) void manager.connect(this.profileId, { progress: 'view' });
      return [new MessageNode('info', vscode.l10n.t('Connecting…'))];
    }
    const fixed: ExplorerNode[] = [new ServerNode(session)];
    if (session.identity.flavor === 'tidb') fixed.push(new ClusterNode(session, this.services.clusterExpanded(this.profileId)));
    const schemas = await listOrExplain(
      vscode.l10n.t('databases'),
      this.services.log,
      async () =>
        (await listSchemas(session, { includeSystem: this.services.showSystemSchemas() })).map(
          (schema) => new SchemaNode(session, schema, this.services),
        ),
      vscode.l10n.t('No databases'),
    );
    return [...fixed, ...schemas];
  }
}
