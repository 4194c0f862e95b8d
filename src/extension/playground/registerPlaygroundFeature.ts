// Wires the local TiDB cluster (TiUP playground) commands.
import * as vscode from 'vscode';
import type { TidbLabApi } from '../api';
import { PLAYGROUND_COMMANDS } from './playgroundIds';
import { PlaygroundService } from './playgroundService';

export function registerPlaygroundFeature(context: vscode.ExtensionContext, api: TidbLabApi): PlaygroundService {
  const service = new PlaygroundService(api, context.globalStorageUri.fsPath, (profileId) => api.explorer.expandCluster(profileId));
  // every command sees the playgrounds running, also in a window that had not used TiDB Lab before
  const register = (command: string, run: () => Promise<unknown>) =>
    vscode.commands.registerCommand(command, () => {
      service.watchPlaygrounds();
      return run();
    });
  context.subscriptions.push(
    service,
    register(PLAYGROUND_COMMANDS.start, () => service.start()),
    register(PLAYGROUND_COMMANDS.stop, () => service.stop()),
    register(PLAYGROUND_COMMANDS.connect, () => service.connectRunning()),
    register(PLAYGROUND_COMMANDS.showLog, () => service.showLog()),
    register(PLAYGROUND_COMMANDS.openDashboard, () => service.openDashboard()),
    register(PLAYGROUND_COMMANDS.actions, () => service.actions()),
  );
  return service;
}
