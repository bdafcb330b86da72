import type { Category } from './types';

/** Parents first, each followed by its children (a flattened tree). */
export function orderCategories(categories: readonly Category[]): { category: Category; depth: number }[] {
  const ids = new Set(categories.map((category) => category.id));
  const roots = categories.filter((category) => !category.parentId || !ids.has(category.parentId));
  const out: { category: Category; depth: number }[] = [];
  const visit = (category: Category, depth: number) => {
    out.push({ category, depth });
    categories.filter((child) => child.parentId === category.id).forEach((child) => visit(child, depth + 1));
  };
  roots.forEach((root) => visit(root, 0));
  return out;
}
