/**
 * The allowed markup of a plan's HTML name as React nodes (see plan-rich-name.tsx): parsed in an inert
 * document, only the allow-list becomes elements, everything else its text.
 */
import { Fragment, createElement, type ReactNode } from 'react';

const ALLOWED = new Set(['b', 'strong', 'i', 'em', 'u', 's', 'small', 'mark', 'sup', 'sub', 'span', 'br']);

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const name = (node as Element).tagName.toLowerCase();
  if (name === 'script' || name === 'style') return null;
  const children = Array.from(node.childNodes, (child, i) => toReact(child, i));
  if (!ALLOWED.has(name)) return <Fragment key={key}>{children}</Fragment>;
  if (name === 'br') return <br key={key} />;
  return createElement(name, { key }, ...children);
}

/** The allowed markup of `html` as React nodes. */
export function richPlanName(html: string): ReactNode[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return Array.from(doc.body.childNodes, (node, i) => toReact(node, i));
}
