// The small form controls every TiDB Lab webview uses. This is the only file that knows the
// component library (@vscode-elements/elements, the successor of the archived
// @vscode/webview-ui-toolkit): pages get controls through these functions and never name a tag.
// Each component is imported on its own, so a bundle carries only those it uses; they style
// themselves with constructable stylesheets, which the webviews' CSP (no inline styles) allows.
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-divider/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import '@vscode-elements/elements/dist/vscode-radio/index.js';
import '@vscode-elements/elements/dist/vscode-radio-group/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import { customElement, element } from './dom';

interface ValueElement extends HTMLElement {
  value: string;
  disabled: boolean;
}

/** Marks the element that takes a text control's input, for isTextInput. */
const TEXT_CONTROL = 'data-text-control';

/** Whether an event comes from (inside) a text field made by textField(). */
export function isTextInput(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(`[${TEXT_CONTROL}]`) !== null;
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
  /** shown above the field; '' for none (then give ariaLabel) */
  label: string;
  /** the accessible name when there is no visible label */
  ariaLabel?: string;
  value?: string;
  placeholder?: string;
  hint?: string;
  password?: boolean;
  required?: boolean;
  inputMode?: 'text' | 'numeric';
}

export function textField(options: TextFieldOptions): FieldControl {
  const input = customElement('vscode-textfield', {
    id: options.id,
    attributes: {
      [TEXT_CONTROL]: '',
      placeholder: options.placeholder ?? '',
      type: options.password ? 'password' : 'text',
      ...(options.inputMode === 'numeric' ? { inputmode: 'numeric' } : {}),
      ...(options.required ? { required: '' } : {}),
    },
  }) as ValueElement & { label: string };
  input.value = options.value ?? '';
  // The inner <input> lives in the component's shadow root: its accessible name is set through `label`.
  input.label = options.label || options.ariaLabel || '';
  const control = fieldControl(input, options.id, options.hint, 'input');
  if (options.label) control.element.prepend(fieldLabel(options.id, options.label, input));
  return control;
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
    const radios = options.choices.map((choice) => {
      const radio = customElement(
        'vscode-radio',
        { attributes: { name: options.id, value: choice.value, 'data-value': choice.value } },
        choice.label,
      ) as ValueElement & { checked: boolean };
      radio.checked = choice.value === options.value;
      return radio;
    });
    const labelId = `${options.id}-label`;
    const group = customElement(
      'vscode-radio-group',
      { id: options.id, attributes: { variant: 'vertical', 'aria-labelledby': labelId } },
      ...radios,
    );
    // The group has no value of its own: it is the checked radio's.
    const value = Object.defineProperties(group, {
      value: {
        get: () => radios.find((radio) => radio.checked)?.value ?? '',
        set: (next: string) =>
          radios.forEach((radio) => {
            radio.checked = radio.value === next;
          }),
      },
      disabled: {
        get: () => radios.every((radio) => radio.disabled),
        set: (next: boolean) =>
          radios.forEach((radio) => {
            radio.disabled = next;
          }),
      },
    }) as unknown as ValueElement;
    const control = fieldControl(value, options.id, options.hint, 'change') as FieldControl<T>;
    control.element.prepend(element('span', { id: labelId, className: 'field-label' }, options.label));
    return control;
  }
  const select = customElement(
    'vscode-single-select',
    { id: options.id },
    ...options.choices.map((choice) => customElement('vscode-option', { attributes: { value: choice.value } }, choice.label)),
  ) as ValueElement & { label: string };
  select.label = options.label;
  select.value = options.value;
  const control = fieldControl(select, options.id, options.hint, 'change') as FieldControl<T>;
  control.element.prepend(fieldLabel(options.id, options.label, select));
  return control;
}

/** A visible label; a click on it focuses the control (a plain `for` does not reach into a shadow root). */
function fieldLabel(id: string, text: string, control: HTMLElement): HTMLElement {
  const label = element('label', { id: `${id}-label`, className: 'field-label', attributes: { for: id } }, text);
  label.addEventListener('click', () => control.focus());
  return label;
}

function fieldControl(input: ValueElement, id: string, hintText: string | undefined, eventName: 'input' | 'change'): FieldControl {
  const hint = element('div', { id: `${id}-hint`, className: 'field-hint', hidden: !hintText }, hintText ?? '');
  const problem = element('div', { id: `${id}-problem`, className: 'field-problem', role: 'alert', hidden: true });
  input.setAttribute('aria-describedby', `${hint.id} ${problem.id}`);
  input.classList.add('field-control');
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
      // The components draw their error border from `invalid`.
      input.toggleAttribute('invalid', message !== '');
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
  const node = customElement(
    'vscode-button',
    { id: options.id, attributes: options.appearance === 'secondary' ? { secondary: '' } : {} },
    options.label,
  ) as ValueElement;
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
  return customElement('vscode-progress-ring', { className: 'busy', attributes: { 'aria-label': label, role: 'progressbar' } });
}

export function divider(): HTMLElement {
  return customElement('vscode-divider', { attributes: { role: 'separator' } });
}
