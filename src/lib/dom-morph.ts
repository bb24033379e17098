// Makes a part of the page the same as new markup while keeping the nodes that stay: an element
// of the same tag at the same place is kept and its attributes and content brought in line, text
// changes in place. The status board's plain script brings the server's newer render in this way
// (docs/decisions.md 147), so a card, the focus and a screen reader's place stay where they were,
// as when React updates them.

function sameKind(a: Node, b: Node): boolean {
  if (a.nodeType !== b.nodeType) return false;
  return a.nodeType !== Node.ELEMENT_NODE || ((a as Element).tagName === (b as Element).tagName && (a as Element).id === (b as Element).id);
}

function morphAttributes(from: Element, to: Element): void {
  for (const { name } of Array.from(from.attributes)) if (!to.hasAttribute(name)) from.removeAttribute(name);
  for (const { name, value } of Array.from(to.attributes)) if (from.getAttribute(name) !== value) from.setAttribute(name, value);
}

/** Makes `from`'s children the same as `to`'s (whose nodes may be moved into `from`). */
export function morphChildren(from: Node, to: Node): void {
  const old = Array.from(from.childNodes);
  const next = Array.from(to.childNodes);
  next.forEach((node, i) => {
    const current = old[i];
    if (!current) from.appendChild(node);
    else if (!sameKind(current, node)) from.replaceChild(node, current);
    else if (current.nodeType === Node.ELEMENT_NODE) {
      morphAttributes(current as Element, node as Element);
      morphChildren(current, node);
    } else if (current.nodeValue !== node.nodeValue) current.nodeValue = node.nodeValue;
  });
  for (const node of old.slice(next.length)) node.remove();
}
