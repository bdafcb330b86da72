import { describe, expect, it } from 'vitest';
import {
  addNode,
  deviceOf,
  moveNode,
  nodeIndexOfField,
  nodesOf,
  osOf,
  ratingOf,
  removeNode,
  scheduleOf,
  setDevice,
  setOs,
  setRating,
  setSchedule,
  setTitle,
  titleIn,
  utcFromInput,
  inputFromUtc,
  type TreeNode,
} from '../structures-tree';

const rail = (id: string, title: string): TreeNode => ({ id, name: id, data: { title: { en: title }, customProperties: { type: 'rail' } }, substructure: [] });
const home: TreeNode = { id: 'home', name: 'home', substructure: [rail('a', 'A'), rail('b', 'B'), rail('c', 'C')] };
const ids = (tree: TreeNode) => nodesOf(tree).map((n) => n.id);

describe('the page-structure working copy', () => {
  it('moves a node up or down and not past an end', () => {
    expect(ids(moveNode(home, 0, 1))).toEqual(['b', 'a', 'c']);
    expect(ids(moveNode(home, 2, -1))).toEqual(['a', 'c', 'b']);
    expect(moveNode(home, 0, -1)).toBe(home);
    expect(moveNode(home, 2, 1)).toBe(home);
    expect(ids(home)).toEqual(['a', 'b', 'c']);
  });

  it('adds a node with an id no node has, and removes one', () => {
    const added = addNode({ ...home, substructure: [...nodesOf(home), rail('home-rail-4', 'D')] }, 'rail', 'New rail');
    const last = nodesOf(added).at(-1)!;
    expect(last.id).toBe('home-rail-5');
    expect(last.data?.customProperties).toEqual({ type: 'rail' });
    expect(ids(removeNode(home, 1))).toEqual(['a', 'c']);
  });

  it('edits titles per language, keeping English', () => {
    let node = setTitle(rail('x', 'Music'), 'ar', 'موسيقى');
    expect(node.data?.title).toEqual({ en: 'Music', ar: 'موسيقى' });
    expect(titleIn(node, 'ar')).toBe('موسيقى');
    expect(titleIn(node, 'fr')).toBe('Music');
    node = setTitle(node, 'ar', '');
    expect(node.data?.title).toEqual({ en: 'Music' });
    expect(setTitle({ name: 'p', data: { title: 'Plain' } }, 'de', 'Schlicht').data?.title).toEqual({ en: 'Plain', de: 'Schlicht' });
  });

  it('keeps schedule and targeting in the custom properties the structure call reads', () => {
    let node = setSchedule(rail('x', 'X'), { from: utcFromInput('2026-12-01T08:00'), until: '' });
    expect(node.data?.customProperties?.schedule).toEqual({ from: '2026-12-01T08:00:00Z' });
    expect(inputFromUtc(scheduleOf(node).from)).toBe('2026-12-01T08:00:00');
    node = setSchedule(node, { from: '', until: '' });
    expect(node.data?.customProperties).toEqual({ type: 'rail' });
    node = setDevice(setOs(setRating(node, '16'), 'Android, ios '), 'mobile');
    expect(node.data?.customProperties).toEqual({ type: 'rail', rating: 16, os: ['android', 'ios'], platforms: ['mobile'] });
    expect([deviceOf(node), osOf(node), ratingOf(node)]).toEqual(['mobile', 'android, ios', '16']);
    node = setDevice(setOs(setRating(node, ''), ''), '');
    expect(node.data?.customProperties).toEqual({ type: 'rail' });
  });

  it('finds the node a server field path names', () => {
    expect(nodeIndexOfField('tree.substructure[3].data.customProperties.schedule.from')).toBe(3);
    expect(nodeIndexOfField('tree.name')).toBeNull();
  });
});
