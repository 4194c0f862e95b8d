// The Add / Edit Connection form. It never receives a password from the host: after a profile is
// saved the password field stays empty and says that leaving it empty keeps the stored one.
import { isTiDBCloudHost, validateProfile, type PasswordMode, type TlsMode } from '../../src/core/db/connectionProfile';
import {
  profileFromDraft,
  type ConnectionDraft,
  type ConnectionFormInit,
  type ConnectionFormProtocol,
  type ConnectionFormStrings,
  type ConnectionTestResult,
} from '../../src/protocol/connectionForm';
import { busyIndicator, button, choiceField, isTextInput, textField, type FieldControl } from '../shared/components';
import { element, replaceChildren } from '../shared/dom';
import { connectToHost } from '../shared/hostChannel';

interface FormState {
  draft: ConnectionDraft;
  /** once the user picks a TLS mode, typing a TiDB Cloud host no longer changes it */
  tlsChosenByUser: boolean;
}

const host = connectToHost<ConnectionFormProtocol, FormState>();
const app = document.getElementById('app') as HTMLElement;
let form: ConnectionForm | undefined;

host.on('init', (init) => {
  const saved = host.getState();
  form = new ConnectionForm(init, saved ?? { draft: init.draft, tlsChosenByUser: init.mode !== 'add' });
  replaceChildren(app, form.element);
  app.removeAttribute('aria-busy');
  form.focusFirstField();
});
host.on('testStarted', () => form?.showTesting());
host.on('testResult', (result) => form?.showTestResult(result));
host.on('problems', ({ problems }) => form?.showProblems(problems));
host.on('caFilePicked', ({ path }) => form?.setCaFile(path));

class ConnectionForm {
  readonly element: HTMLElement;
  private readonly strings: ConnectionFormStrings;
  private readonly fields: {
    name: FieldControl;
    host: FieldControl;
    port: FieldControl;
    user: FieldControl;
    passwordMode: FieldControl<PasswordMode>;
    password: FieldControl;
    database: FieldControl;
    tls: FieldControl<TlsMode>;
    caFile: FieldControl;
  };
  private readonly caRow: HTMLElement;
  private readonly cloudHint: HTMLElement;
  private readonly outcome = element('section', {
    id: 'outcome',
    className: 'outcome',
    attributes: { 'aria-live': 'polite' },
    hidden: true,
  });
  private readonly testButton;
  private readonly saveButton;
  private tlsChosenByUser: boolean;
  private settingTls = false;

  constructor(init: ConnectionFormInit, state: FormState) {
    const s = (this.strings = init.strings);
    const draft = state.draft;
    this.tlsChosenByUser = state.tlsChosenByUser;
    this.fields = {
      name: textField({ id: 'name', label: s.name, value: draft.name, placeholder: s.namePlaceholder, required: true }),
      host: textField({ id: 'host', label: s.host, value: draft.host, placeholder: s.hostPlaceholder, required: true }),
      port: textField({ id: 'port', label: s.port, value: draft.port, inputMode: 'numeric', required: true }),
      user: textField({ id: 'user', label: s.user, value: draft.user, placeholder: s.userPlaceholder, required: true }),
      passwordMode: choiceField<PasswordMode>({
        id: 'passwordMode',
        label: s.passwordMode,
        style: 'dropdown',
        value: draft.passwordMode,
        choices: [
          { value: 'secretStorage', label: s.passwordModeSecretStorage },
          { value: 'ask', label: s.passwordModeAsk },
          { value: 'empty', label: s.passwordModeEmpty },
        ],
      }),
      password: textField({
        id: 'password',
        label: s.password,
        password: true,
        placeholder: init.hasStoredPassword ? s.passwordKeepPlaceholder : '',
      }),
      database: textField({ id: 'database', label: s.database, value: draft.database, placeholder: s.databasePlaceholder }),
      tls: choiceField<TlsMode>({
        id: 'tls',
        label: s.tls,
        style: 'radios',
        value: draft.tls,
        choices: [
          { value: 'off', label: s.tlsOff },
          { value: 'required', label: s.tlsRequired },
          { value: 'verify', label: s.tlsVerify },
        ],
      }),
      caFile: textField({ id: 'caFile', label: s.caFile, value: draft.caFile, placeholder: s.caFilePlaceholder }),
    };
    const f = this.fields;
    const browse = button({
      id: 'browseCaFile',
      label: s.browse,
      appearance: 'secondary',
      onClick: () => host.post('pickCaFile', { current: f.caFile.value }),
    });
    this.caRow = element('div', { className: 'row ca-row' }, f.caFile.element, element('div', { className: 'browse' }, browse.element));
    this.cloudHint = element('p', { id: 'tidbCloudHint', className: 'callout hint' }, s.tidbCloudHint);
    this.testButton = button({ id: 'test', label: s.test, appearance: 'secondary', onClick: () => this.submit('test') });
    this.saveButton = button({ id: 'save', label: s.save, appearance: 'primary', onClick: () => this.submit('save') });
    const cancel = button({ id: 'cancel', label: s.cancel, appearance: 'secondary', onClick: () => host.post('cancel', null) });

    const heading = { add: s.headingAdd, edit: s.headingEdit, duplicate: s.headingDuplicate }[init.mode];
    this.element = element(
      'div',
      { className: 'connection-form' },
      element('header', {}, element('h1', {}, heading), element('p', { className: 'muted' }, s.intro)),
      element('div', { className: 'row' }, f.name.element),
      element('div', { className: 'row host-row' }, f.host.element, f.port.element),
      this.cloudHint,
      element('div', { className: 'row' }, f.user.element, f.database.element),
      element('div', { className: 'row' }, f.passwordMode.element, f.password.element),
      element('div', { className: 'row' }, f.tls.element),
      this.caRow,
      element('div', { className: 'actions' }, this.saveButton.element, this.testButton.element, cancel.element),
      this.outcome,
    );

    for (const field of Object.values(f) as FieldControl[]) field.onChange(() => this.changed());
    f.host.onChange((value) => this.hostChanged(value));
    f.tls.onChange(() => {
      if (!this.settingTls) this.tlsChosenByUser = true;
    });
    this.element.addEventListener('keydown', (event) => {
      const inTextField = isTextInput(event.target);
      if (event.key === 'Enter' && inTextField && !this.saveButton.disabled) this.submit('save');
    });
    this.updateDependentFields();
  }

  focusFirstField(): void {
    (this.fields.name.value === '' ? this.fields.name : this.fields.host).focus();
  }

  showTesting(): void {
    this.setBusy(true);
    this.showOutcome('pending', [busyIndicator(this.strings.testing), element('span', {}, this.strings.testing)]);
  }

  showTestResult(result: ConnectionTestResult): void {
    this.setBusy(false);
    if (result.ok) {
      this.showOutcome('success', [
        element('p', { className: 'outcome-title' }, result.title),
        element('p', { className: 'muted' }, result.detail),
      ]);
      return;
    }
    this.showOutcome('failure', [
      element('p', { className: 'outcome-title' }, result.title),
      element('p', {}, element('strong', {}, `${this.strings.nextStep} `), result.nextStep),
      result.detail.text && result.detail.text !== result.title
        ? element(
            'p',
            { className: 'muted server-message' },
            `${{ server: this.strings.serverSaid, system: this.strings.systemSaid, client: this.strings.clientSaid }[result.detail.source]} `,
            element('code', {}, result.detail.text),
          )
        : null,
    ]);
  }

  showProblems(problems: string[]): void {
    this.setBusy(false);
    this.showOutcome('warning', [
      element('p', { className: 'outcome-title' }, this.strings.problemsHeading),
      element('ul', {}, ...problems.map((problem) => element('li', {}, problem))),
    ]);
  }

  setCaFile(path: string): void {
    this.fields.caFile.value = path;
    this.changed();
  }

  private submit(action: 'test' | 'save'): void {
    const draft = this.draft();
    const problems = validateProfile(profileFromDraft(draft, 'draft'));
    if (problems.length > 0) {
      this.showProblems(problems);
      return;
    }
    const password = draft.passwordMode === 'empty' ? '' : this.fields.password.value;
    if (action === 'save') this.setBusy(true);
    host.post(action, { draft, password });
  }

  private draft(): ConnectionDraft {
    const f = this.fields;
    return {
      name: f.name.value,
      host: f.host.value,
      port: f.port.value,
      user: f.user.value,
      database: f.database.value,
      tls: f.tls.value,
      caFile: f.caFile.value,
      passwordMode: f.passwordMode.value,
    };
  }

  private hostChanged(value: string): void {
    if (!this.tlsChosenByUser && isTiDBCloudHost(value)) {
      this.settingTls = true;
      this.fields.tls.value = 'verify';
      this.settingTls = false;
    }
    this.updateDependentFields();
  }

  private changed(): void {
    this.updateDependentFields();
    host.setState({ draft: this.draft(), tlsChosenByUser: this.tlsChosenByUser });
  }

  private updateDependentFields(): void {
    const f = this.fields;
    this.caRow.hidden = f.tls.value !== 'verify';
    this.cloudHint.hidden = !(isTiDBCloudHost(f.host.value) && f.tls.value !== 'off');
    const noPassword = f.passwordMode.value === 'empty';
    f.password.disabled = noPassword;
    if (noPassword) f.password.value = '';
  }

  private setBusy(busy: boolean): void {
    this.testButton.disabled = busy;
    this.saveButton.disabled = busy;
  }

  private showOutcome(kind: 'pending' | 'success' | 'failure' | 'warning', content: (Node | null)[]): void {
    this.outcome.className = `outcome callout ${kind}`;
    this.outcome.dataset.kind = kind;
    replaceChildren(this.outcome, ...content);
    this.outcome.hidden = false;
  }
}
