// The small form controls every TiDB Lab webview uses. This is the only file that knows the
// component library (@vscode/webview-ui-toolkit, archived upstream): moving to its successor
// (@vscode-elements/elements) means changing this file and nothing else.
import {
  provideVSCodeDesignSystem,
  vsCodeButton,
  vsCodeDivider,
  vsCodeDropdown,
  vsCodeOption,
  vsCodeProgressRing,
  vsCodeRadio,
  vsCodeRadioGroup,
  vsCodeTextField,
} from '@vscode/webview-ui-toolkit';
import { customElement, element } from './dom';

provideVSCodeDesignSystem().register(
  vsCodeButton(),
  vsCodeDivider(),
  vsCodeDropdown(),
  vsCodeOption(),
  vsCodeProgressRing(),
  vsCodeRadio(),
  vsCodeRadioGroup(),
  vsCodeTextField(),
);

interface ValueElement extends HTMLElement {
  value: string;
  disabled: boolean;
}

export interface FieldControl<T extends string = string> {
  /** the element to place in the page (label and hint included) */
  readonly element: HTMLElement;
  value: T;
  disabled: boolean;
  focus(): void;
  onChange(listener: (value: T) => void): void;
  /** marks the field invalid with a message read by screen readers; '' clears it */
  setProblem(message: string): void;
}

export interface TextFieldOptions {
  id: string;
  label: string;
  value?: string;
  placeholder?: string;
  hint?: string;
  password?: boolean;
  required?: boolean;
  inputMode?: 'text' | 'numeric';
}

export function textField(options: TextFieldOptions): FieldControl {
  const input = customElement('vscode-text-field', {
    id: options.id,
    attributes: {
      placeholder: options.placeholder ?? '',
      type: options.password ? 'password' : 'text',
      ...(options.inputMode === 'numeric' ? { inputmode: 'numeric' } : {}),
      ...(options.required ? { required: '' } : {}),
    },
  }, options.label) as ValueElement;
  input.value = options.value ?? '';
  return fieldControl(input, options.id, options.hint, 'input');
}

export interface Choice<T extends string> {
  value: T;
  label: string;
}

export interface ChoiceFieldOptions<T extends string> {
  id: string;
  label: string;
  choices: Choice<T>[];
  value: T;
  hint?: string;
  /** radios show every choice at once (few, explained choices); a dropdown saves room */
  style: 'radios' | 'dropdown';
}

export function choiceField<T extends string>(options: ChoiceFieldOptions<T>): FieldControl<T> {
  if (options.style === 'radios') {
    const group = customElement('vscode-radio-group', { id: options.id, attributes: { orientation: 'vertical' } },
      element('label', { attributes: { slot: 'label' } }, options.label),
      ...options.choices.map((choice) => customElement('vscode-radio', { attributes: { value: choice.value, 'data-value': choice.value } }, choice.label)),
    ) as ValueElement;
    group.value = options.value;
    return fieldControl(group, options.id, options.hint, 'change') as FieldControl<T>;
  }
  const labelId = `${options.id}-label`;
  const dropdown = customElement('vscode-dropdown', { id: options.id, attributes: { 'aria-labelledby': labelId } },
    ...options.choices.map((choice) => customElement('vscode-option', { attributes: { value: choice.value } }, choice.label)),
  ) as ValueElement;
  dropdown.value = options.value;
  const control = fieldControl(dropdown, options.id, options.hint, 'change') as FieldControl<T>;
  control.element.prepend(element('label', { id: labelId, className: 'field-label', attributes: { for: options.id } }, options.label));
  return control;
}

function fieldControl(input: ValueElement, id: string, hintText: string | undefined, eventName: 'input' | 'change'): FieldControl {
  const hint = element('div', { id: `${id}-hint`, className: 'field-hint', hidden: !hintText }, hintText ?? '');
  const problem = element('div', { id: `${id}-problem`, className: 'field-problem', role: 'alert', hidden: true });
  input.setAttribute('aria-describedby', `${hint.id} ${problem.id}`);
  const wrapper = element('div', { className: 'field' }, input, hint, problem);
  return {
    element: wrapper,
    get value() {
      return input.value;
    },
    set value(value: string) {
      input.value = value;
    },
    get disabled() {
      return input.disabled;
    },
    set disabled(disabled: boolean) {
      input.disabled = disabled;
    },
    focus: () => input.focus(),
    onChange: (listener) => input.addEventListener(eventName, () => listener(input.value)),
    setProblem: (message) => {
      problem.textContent = message;
      problem.hidden = message === '';
      input.toggleAttribute('aria-invalid', message !== '');
      wrapper.classList.toggle('invalid', message !== '');
    },
  };
}

export interface ButtonControl {
  readonly element: HTMLElement;
  disabled: boolean;
  label: string;
}

export function button(options: { id: string; label: string; appearance: 'primary' | 'secondary'; onClick: () => void }): ButtonControl {
  const node = customElement('vscode-button', { id: options.id, attributes: { appearance: options.appearance } }, options.label) as ValueElement;
  node.addEventListener('click', () => {
    if (!node.disabled) options.onClick();
  });
  return {
    element: node,
    get disabled() {
      return node.disabled;
    },
    set disabled(disabled: boolean) {
      node.disabled = disabled;
    },
    get label() {
      return node.textContent ?? '';
    },
    set label(label: string) {
      node.textContent = label;
    },
  };
}

export function busyIndicator(label: string): HTMLElement {
  return customElement('vscode-progress-ring', { className: 'busy', attributes: { 'aria-label': label } });
}

export function divider(): HTMLElement {
  return customElement('vscode-divider', { attributes: { role: 'separator' } });
}
