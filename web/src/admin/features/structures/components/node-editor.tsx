/**
 * One node: its titles in six languages, what it holds (a rail's query or hand-picked articles, a banner's
 * slides, a grid's tiles, a menu link's target), its schedule and its targeting (device, systems, rating, the
 * storefront's languages).
 */
import { useState } from 'react';
import { LANGUAGES, type LanguageCode } from '@/config/languages';
import { Field, INPUT_CLASS, SELECT_CLASS } from '@/admin/components/fields';
import { TextsByLanguage } from '@/admin/components/texts-by-language';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { isContainer, languagesOf, linkOf, railSource, setLanguages, setLink, setRailSource, type RailSource } from '../node-content';
import { deviceOf, nodeType, osOf, ratingOf, setDevice, setOs, setRating, setTitle, titleOf, type Device, type TreeNode } from '../structures-tree';
import { CardsEditor } from './cards-editor';
import { ChildrenEditor } from './children-editor';
import { LinkPicker } from './link-picker';
import { QueryEditor } from './query-editor';
import { ScheduleFields } from './schedule-fields';

export function NodeEditor({ tree, node, onChange }: { tree: TreeNode; node: TreeNode; onChange: (node: TreeNode) => void }) {
  const { t } = useAdminI18n();
  const titles = Object.fromEntries(LANGUAGES.map((language) => [language.code, titleOf(node, language.code)]));
  const type = nodeType(node);
  const source = railSource(node);
  return (
    <div className="mt-3 grid grid-cols-1 gap-4 border-t border-border pt-4">
      <TextsByLanguage
        label={(language) => t('structures.titleIn', { language })}
        values={titles}
        onChange={(next) => onChange(LANGUAGES.reduce((changed, { code }) => (next[code] === titles[code] ? changed : setTitle(changed, code, next[code] ?? '')), node))}
      />
      {source && (
        <fieldset className="flex min-w-0 flex-wrap gap-x-6 gap-y-2">
          <legend className="mb-2 font-semibold">{t('structures.railSource')}</legend>
          {(['query', 'picked'] as const).map((value: RailSource) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name={`source-${String(node.id ?? node.name)}`} value={value} checked={source === value} onChange={() => onChange(setRailSource(node, value))} className="size-4 accent-primary" data-testid={`rail-source-${value}`} />
              {t(`structures.source.${value}`)}
            </label>
          ))}
        </fieldset>
      )}
      {source === 'query' && <QueryEditor node={node} onChange={onChange} />}
      {source === 'picked' && <CardsEditor tree={tree} rail={node} onChange={onChange} />}
      {(type === 'banner' || type === 'grid') && <ChildrenEditor tree={tree} node={node} onChange={onChange} />}
      {type === 'link' && <LinkPicker value={linkOf(node)} onChange={(url) => onChange(setLink(node, url))} />}
      {!isContainer(type) && type !== 'catalog' && type !== 'link' && type !== '' && <p className="text-sm text-muted">{t('structures.keptAsIs')}</p>}
      <ScheduleFields node={node} onChange={onChange} />
      <fieldset className="grid min-w-0 grid-cols-1 gap-x-4 sm:grid-cols-3">
        <legend className="mb-2 font-semibold">{t('structures.targeting')}</legend>
        <Field label={t('structures.device')}>
          {(ids) => (
            <select {...ids} className={SELECT_CLASS} value={deviceOf(node)} onChange={(e) => onChange(setDevice(node, e.target.value as Device))}>
              <option value="">{t('structures.deviceAny')}</option>
              <option value="desktop">{t('structures.deviceDesktop')}</option>
              <option value="mobile">{t('structures.deviceMobile')}</option>
            </select>
          )}
        </Field>
        <OsField value={osOf(node)} onCommit={(text) => onChange(setOs(node, text))} />
        <Field label={t('structures.rating')} hint={t('structures.ratingHint')}>
          {(ids) => <input {...ids} type="number" min={0} max={1000} inputMode="numeric" className={INPUT_CLASS} value={ratingOf(node)} onChange={(e) => onChange(setRating(node, e.target.value))} />}
        </Field>
        <LanguagesField node={node} onChange={onChange} />
      </fieldset>
    </div>
  );
}

/** The storefront languages the node shows in (none ticked, or all: every one). */
function LanguagesField({ node, onChange }: { node: TreeNode; onChange: (node: TreeNode) => void }) {
  const { t } = useAdminI18n();
  const chosen = languagesOf(node);
  const toggle = (code: LanguageCode, on: boolean) => onChange(setLanguages(node, on ? [...chosen, code] : chosen.filter((c) => c !== code)));
  return (
    <fieldset className="col-span-full flex min-w-0 flex-wrap gap-x-5 gap-y-2">
      <legend className="mb-1 text-sm font-semibold">{t('structures.languages')}</legend>
      {LANGUAGES.map((language) => (
        <label key={language.code} className="flex items-center gap-2">
          <input type="checkbox" className="size-4 accent-primary" checked={chosen.includes(language.code)} onChange={(e) => toggle(language.code, e.target.checked)} />
          <span lang={language.code}>{language.name}</span>
        </label>
      ))}
      <p className="basis-full text-sm text-muted">{t('structures.languagesHint')}</p>
    </fieldset>
  );
}

/** The systems as typed (commas and spaces kept while typing), stored on leaving the field. */
function OsField({ value, onCommit }: { value: string; onCommit: (text: string) => void }) {
  const { t } = useAdminI18n();
  // The text being typed; null while the field shows the stored value.
  const [typing, setTyping] = useState<string | null>(null);
  const text = typing ?? value;
  return (
    <Field label={t('structures.os')} hint={t('structures.osHint')}>
      {(ids) => (
        <input
          {...ids}
          dir="ltr"
          className={INPUT_CLASS}
          value={text}
          onChange={(e) => setTyping(e.target.value)}
          onBlur={() => {
            if (typing !== null) onCommit(typing);
            setTyping(null);
          }}
        />
      )}
    </Field>
  );
}
