// Builds DOM nodes without HTML strings: text always goes through textContent, so nothing a
// server or a user typed can become markup.
type Child = Node | string | null | undefined | false;

export interface ElementProps {
  id?: string;
  className?: string;
  role?: string;
  hidden?: boolean;
  attributes?: Record<string, string>;
}

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: ElementProps = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  return build(document.createElement(tag), props, children);
}

/** For custom elements (e.g. the component library's), which have no entry in HTMLElementTagNameMap. */
export function customElement(tag: string, props: ElementProps = {}, ...children: Child[]): HTMLElement {
  return build(document.createElement(tag), props, children);
}

export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren(...children.filter(isNode));
}

function build<T extends HTMLElement>(node: T, props: ElementProps, children: Child[]): T {
  if (props.id) node.id = props.id;
  if (props.className) node.className = props.className;
  if (props.role) node.setAttribute('role', props.role);
  if (props.hidden) node.hidden = true;
  for (const [name, value] of Object.entries(props.attributes ?? {})) node.setAttribute(name, value);
  node.append(...children.filter(isNode));
  return node;
}

function isNode(child: Child): child is Node | string {
  return child !== null && child !== undefined && child !== false;
}
