/**
 * The unstyled mode's stylesheet, made at build time from Aisle's whole one: every declaration a
 * theme decides is left out (sdk/host/unstyled.ts's predicate says which), then the rules and
 * at-rules left empty.
 */
import postcss from 'postcss';
import { isKeptWhole, isLayoutProperty } from '../sdk/host/unstyled.js';

/** `css` with the layout's declarations only. */
export function layoutOnlyCss(css: string): string {
  const root = postcss.parse(css);
  root.walkDecls((decl) => {
    // A registered custom property (@property) describes the value, not how it looks: sizes read it.
    if (decl.parent?.type === 'atrule' && (decl.parent as postcss.AtRule).name === 'property') return;
    const rule = decl.parent?.type === 'rule' ? (decl.parent as postcss.Rule) : null;
    if (rule && isKeptWhole(rule.selector)) return;
    if (!isLayoutProperty(decl.prop.toLowerCase())) decl.remove();
  });
  // Innermost first, so that a rule emptied by its nested rules' removal goes too.
  const empty = (node: postcss.Container): boolean => (node.nodes ?? []).length === 0;
  for (let removed = true; removed;) {
    removed = false;
    root.walk((node) => {
      if ((node.type === 'rule' || node.type === 'atrule') && node.nodes && empty(node)) {
        node.remove();
        removed = true;
      }
    });
  }
  return root.toString();
}
