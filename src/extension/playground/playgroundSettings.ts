// The tidbLab.tiup.* settings, read when a command runs.
import * as vscode from 'vscode';
import { DEFAULT_PLAYGROUND_TAG, isPlaygroundTag } from '../../core/tiup/playgroundArguments';
import { PLAYGROUND_SETTINGS } from './playgroundIds';

export interface PlaygroundSettings {
  tiupPath: string;
  tag: string;
  monitor: boolean;
  stopOnWindowClose: boolean;
  startTimeoutMs: number;
}

export function readPlaygroundSettings(): PlaygroundSettings {
  const config = vscode.workspace.getConfiguration();
  const tag = config.get<string>(PLAYGROUND_SETTINGS.tag, DEFAULT_PLAYGROUND_TAG).trim();
  const seconds = config.get<number>(PLAYGROUND_SETTINGS.startTimeoutSeconds, 600);
  return {
    tiupPath: config.get<string>(PLAYGROUND_SETTINGS.tiupPath, ''),
    tag: isPlaygroundTag(tag) ? tag : DEFAULT_PLAYGROUND_TAG,
    monitor: config.get<boolean>(PLAYGROUND_SETTINGS.monitor, false),
    stopOnWindowClose: config.get<boolean>(PLAYGROUND_SETTINGS.stopOnWindowClose, true),
    startTimeoutMs: 1000 * (Number.isFinite(seconds) && seconds > 0 ? seconds : 600),
  };
}
