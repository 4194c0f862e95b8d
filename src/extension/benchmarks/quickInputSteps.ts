// Steps of a multi-step quick input with a Back button, in the style of VS Code's multi-step
// input sample: each step resolves to a value, 'back' or 'cancel'.
import * as vscode from 'vscode';

export type StepOutcome<T> = { kind: 'value'; value: T } | { kind: 'back' } | { kind: 'cancel' };

export interface PickStepOptions<T extends vscode.QuickPickItem> {
  title: string;
  placeholder: string;
  items: readonly T[];
  activeItem?: T;
  back: boolean;
  matchOnDescription?: boolean;
}

export function pickStep<T extends vscode.QuickPickItem>(options: PickStepOptions<T>): Promise<StepOutcome<T>> {
  const pick = vscode.window.createQuickPick<T>();
  pick.title = options.title;
  pick.placeholder = options.placeholder;
  pick.items = options.items;
  pick.matchOnDescription = options.matchOnDescription ?? true;
  pick.ignoreFocusOut = true;
  if (options.activeItem) pick.activeItems = [options.activeItem];
  if (options.back) pick.buttons = [vscode.QuickInputButtons.Back];
  return settle(pick, (resolve) => [
    pick.onDidTriggerButton((button) => {
      if (button === vscode.QuickInputButtons.Back) resolve({ kind: 'back' });
    }),
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0] ?? pick.activeItems[0];
      if (chosen) resolve({ kind: 'value', value: chosen });
    }),
  ]);
}

export interface InputStepOptions {
  title: string;
  prompt: string;
  value: string;
  placeholder?: string;
  back: boolean;
  /** a problem with the text, or undefined when it is fine */
  validate: (text: string) => string | undefined;
}

export function inputStep(options: InputStepOptions): Promise<StepOutcome<string>> {
  const input = vscode.window.createInputBox();
  input.title = options.title;
  input.prompt = options.prompt;
  input.value = options.value;
  input.placeholder = options.placeholder;
  input.ignoreFocusOut = true;
  if (options.back) input.buttons = [vscode.QuickInputButtons.Back];
  return settle(input, (resolve) => [
    input.onDidTriggerButton((button) => {
      if (button === vscode.QuickInputButtons.Back) resolve({ kind: 'back' });
    }),
    input.onDidChangeValue((text) => {
      input.validationMessage = options.validate(text);
    }),
    input.onDidAccept(() => {
      const problem = options.validate(input.value);
      input.validationMessage = problem;
      if (problem === undefined) resolve({ kind: 'value', value: input.value });
    }),
  ]);
}

function settle<T>(
  input: vscode.QuickInput,
  listen: (resolve: (outcome: StepOutcome<T>) => void) => vscode.Disposable[],
): Promise<StepOutcome<T>> {
  return new Promise((resolvePromise) => {
    let settled = false;
    const disposables: vscode.Disposable[] = [];
    const resolve = (outcome: StepOutcome<T>) => {
      if (settled) return;
      settled = true;
      for (const disposable of disposables) disposable.dispose();
      input.dispose();
      resolvePromise(outcome);
    };
    disposables.push(
      ...listen(resolve),
      input.onDidHide(() => resolve({ kind: 'cancel' })),
    );
    input.show();
  });
}
