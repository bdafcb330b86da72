/** A structure's versions: who made each and when, the live one, and publishing or rolling back to another. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { Notice, Section } from '@/admin/components/fields';
import { ScrollRegion } from '@/admin/components/scroll-region';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { structureCalls } from '../structures-api';
import { structureKeys } from '../structure-keys';

export function VersionHistory({ name, editing, onOpen, onPublished }: { name: string; editing: number; onOpen: (version: number) => void; onPublished: (text: string, version: number) => void }) {
  const { t } = useAdminI18n();
  const { api, tenant } = useConsole();
  const queryClient = useQueryClient();
  const versions = useQuery({ queryKey: structureKeys.versions(tenant, name), queryFn: () => structureCalls.versions(api, name) });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const data = versions.data;
  const publish = async (version: number) => {
    setBusy(true);
    setError(null);
    try {
      await structureCalls.publish(api, name, version);
      const older = data?.publishedVersion != null && version < data.publishedVersion;
      onPublished(older ? t('structures.rolledBack', { version }) : t('structures.publishedNow', { version }), version);
      await queryClient.invalidateQueries({ queryKey: structureKeys.all(tenant) });
    } catch (e) {
      setError(t('structures.failed', { code: errorOf(e).code ?? '?' }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title={t('structures.history')}>
      {error && <Notice tone="error">{error}</Notice>}
      {!data ? (
        <p className="text-muted">{t('loading')}</p>
      ) : (
        <ScrollRegion label={t('structures.history')}>
          <table aria-label={t('structures.history')} className="w-full min-w-[36rem] text-start text-sm">
            <thead>
              <tr className="border-b border-border text-muted">
                <th scope="col" className="px-2 py-2 text-start">{t('structures.version')}</th>
                <th scope="col" className="px-2 py-2 text-start">{t('structures.author')}</th>
                <th scope="col" className="px-2 py-2 text-start">{t('structures.created')}</th>
                <th scope="col" className="px-2 py-2 text-start">{t('structures.noteColumn')}</th>
                <th scope="col" className="px-2 py-2 text-start">{t('structures.state')}</th>
              </tr>
            </thead>
            <tbody>
              {data.versions.map((v) => {
                const live = v.version === data.publishedVersion;
                const older = data.publishedVersion != null && v.version < data.publishedVersion;
                return (
                  <tr key={v.version} className="border-b border-border align-top" data-testid="structure-version">
                    <th scope="row" className="px-2 py-2 text-start font-semibold">
                      {v.version}
                      {v.version === editing && <span className="block text-xs font-normal text-muted">{t('structures.editing', { version: v.version })}</span>}
                    </th>
                    <td className="px-2 py-2">
                      <Ltr>{v.author === 'seed' ? t('structures.seed') : v.author === 'template' ? t('structures.template') : v.author}</Ltr>
                    </td>
                    <td className="px-2 py-2">
                      <Ltr>{v.createdAt.replace('T', ' ').replace('Z', ' UTC')}</Ltr>
                    </td>
                    <td className="px-2 py-2">{v.note}</td>
                    <td className="px-2 py-2">
                      <div className="flex flex-wrap gap-2">
                        {live ? (
                          <span className="rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-contrast">{t('structures.live')}</span>
                        ) : (
                          <Button variant="secondary" className="h-9 px-3 text-sm" disabled={busy} onClick={() => void publish(v.version)}>
                            {older ? t('structures.rollBack', { version: v.version }) : t('structures.publishVersion', { version: v.version })}
                          </Button>
                        )}
                        {v.version !== editing && (
                          <Button variant="ghost" className="h-9 px-3 text-sm" onClick={() => onOpen(v.version)}>
                            {t('structures.open', { version: v.version })}
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </Section>
  );
}
