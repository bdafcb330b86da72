/**
 * A container's children: a banner's slides, a grid's tiles (each with an image, texts by language and a link;
 * a slide with its own schedule), reordered by drag or the buttons, opened, removed, and one added at the end.
 * A grid also takes its section's genres as tiles.
 */
import { useState } from 'react';
import { LANGUAGES } from '@/config/languages';
import { Button } from '@/components/ui/button';
import { ImageUpload } from '@/admin/components/image-upload';
import { TextsByLanguage } from '@/admin/components/texts-by-language';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { ImageUploadMessages } from '@/admin/lib/media-job';
import { addChild, childrenOf, imageOf, linkOf, moveChild, removeChild, replaceChild, setImage, setLink } from '../node-content';
import { nodeType, setText, textOf, titleIn, type TreeNode } from '../structures-tree';
import { GenreTiles } from './genre-tiles';
import { LinkPicker } from './link-picker';
import { ScheduleFields } from './schedule-fields';
import { SortableList } from './sortable-list';

export function ChildrenEditor({ tree, node, onChange }: { tree: TreeNode; node: TreeNode; onChange: (node: TreeNode) => void }) {
  const { t, lang } = useAdminI18n();
  const [open, setOpen] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const slides = nodeType(node) === 'banner';
  const children = childrenOf(node);
  const nameOf = (child: TreeNode, index: number) => {
    const title = titleIn(child, lang);
    return title === child.name ? t(slides ? 'structures.slideN' : 'structures.tileN', { n: index + 1 }) : title;
  };
  return (
    <section className="flex flex-col gap-3" aria-label={slides ? t('structures.slides') : t('structures.tiles')}>
      <h3 className="font-semibold">{slides ? t('structures.slides') : t('structures.tiles')}</h3>
      <p className="sr-only" role="status" aria-live="polite">
        {announce}
      </p>
      {children.length === 0 ? (
        <p className="text-sm text-muted">{slides ? t('structures.slidesEmpty') : t('structures.tilesEmpty')}</p>
      ) : (
        <SortableList
          items={children}
          keyOf={(child, index) => `${String(child.id ?? child.name)}-${index}`}
          titleOf={(child) => nameOf(child, children.indexOf(child))}
          label={slides ? t('structures.slides') : t('structures.tiles')}
          testId={slides ? 'structure-slides' : 'structure-tiles'}
          onMove={(from, to) => {
            onChange(moveChild(node, from, to));
            setOpen(open === from ? to : null);
          }}
          renderItem={(child, index, { handle, moveButtons }) => {
            const title = nameOf(child, index);
            const isOpen = open === index;
            return (
              <div className="rounded-lg border border-border bg-surface p-2" data-testid={slides ? 'structure-slide' : 'structure-tile'}>
                <div className="flex flex-wrap items-center gap-2">
                  {handle}
                  {imageOf(child) ? <img src={imageOf(child)} alt="" className="h-10 w-16 shrink-0 rounded bg-bg object-cover" /> : <span aria-hidden="true" className="h-10 w-16 shrink-0 rounded bg-bg" />}
                  <span className="min-w-0 flex-1 basis-32 truncate font-medium">{title}</span>
                  <span className="flex flex-wrap gap-2">
                    {moveButtons}
                    <Button variant="secondary" className="h-10 px-3" aria-expanded={isOpen} aria-label={isOpen ? undefined : t('structures.edit', { title })} onClick={() => setOpen(isOpen ? null : index)}>
                      {isOpen ? t('structures.close') : t('structures.edit', { title: '' }).trim()}
                    </Button>
                    <Button
                      variant="ghost"
                      className="h-10 px-3"
                      aria-label={t('structures.remove', { title })}
                      onClick={() => {
                        onChange(removeChild(node, index));
                        setOpen(null);
                        setAnnounce(t('structures.removed', { title }));
                      }}
                    >
                      <span aria-hidden="true">✕</span>
                    </Button>
                  </span>
                </div>
                {isOpen && <ChildEditor child={child} slide={slides} label={title} onChange={(next) => onChange(replaceChild(node, index, next))} />}
              </div>
            );
          }}
        />
      )}
      <div className="flex flex-wrap items-end gap-3">
        <Button
          variant="secondary"
          className="h-11 px-5"
          data-testid={slides ? 'add-slide' : 'add-tile'}
          onClick={() => {
            const next = addChild(tree, node);
            onChange(next);
            setOpen(childrenOf(next).length - 1);
            setAnnounce(slides ? t('structures.slideAdded') : t('structures.tileAdded'));
          }}
        >
          {slides ? t('structures.addSlide') : t('structures.addTile')}
        </Button>
        {!slides && <GenreTiles tree={tree} grid={node} onChange={onChange} />}
      </div>
    </section>
  );
}

const IMAGE_MESSAGES: ImageUploadMessages = {
  upload: 'structures.uploadImage',
  replace: 'structures.replaceImage',
  sending: 'structures.imageSending',
  making: 'structures.imageMaking',
  ready: 'structures.imageReady',
  refused: 'structures.imageRefused',
  failed: 'structures.imageFailed',
};

/**
 * One slide or tile: its image, its texts in six languages, its link, a slide's schedule. A slide takes the job's
 * wide image (image.w1920.webp, its media), a tile the small one (image.w640.webp, its preview), as the storefront
 * loads them (server media_work.hpp).
 */
function ChildEditor({ child, slide, label, onChange }: { child: TreeNode; slide: boolean; label: string; onChange: (node: TreeNode) => void }) {
  const { t } = useAdminI18n();
  const texts = (field: 'title' | 'subTitle') => Object.fromEntries(LANGUAGES.map((l) => [l.code, textOf(child, field, l.code)]));
  const update = (field: 'title' | 'subTitle', next: Record<string, string>) => {
    const before = texts(field);
    onChange(LANGUAGES.reduce((changed, { code }) => (next[code] === before[code] ? changed : setText(changed, field, code, next[code] ?? '')), child));
  };
  return (
    <div className="mt-3 grid grid-cols-1 gap-4 border-t border-border pt-3">
      <ImageUpload
        purpose="structure"
        resumeKey="structure"
        label={label}
        messages={IMAGE_MESSAGES}
        value={{ src: imageOf(child), alt: t('structures.imageOf', { label }), thumbnail: slide ? 'aspect-[16/6] w-48' : 'aspect-video w-32', noImage: t('structures.noImage') }}
        inputData={{ 'data-structure-upload': '' }}
        onMade={(image) => onChange(setImage(child, slide ? image.media : image.preview))}
      />
      <TextsByLanguage legend={t('structures.childTitles')} label={(language) => t('structures.titleIn', { language })} values={texts('title')} onChange={(next) => update('title', next)} />
      {slide && <TextsByLanguage legend={t('structures.childSubtitles')} label={(language) => t('structures.subtitleIn', { language })} values={texts('subTitle')} onChange={(next) => update('subTitle', next)} />}
      <LinkPicker value={linkOf(child)} onChange={(url) => onChange(setLink(child, url))} />
      {slide && <ScheduleFields node={child} onChange={onChange} />}
    </div>
  );
}
