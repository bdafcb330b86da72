/**
 * Offline listening on /myPurchases: "Keep offline" beside an owned track's download, and the list
 * of tracks kept on this device (played from Cache Storage by the service worker, also offline).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { DownloadIcon } from '@/components/ui/icons';
import { CheckIcon } from '@/components/ui/menu-icons';
import { showSnackbar } from '@/lib/snackbar';
import { usePortalStore } from '@/lib/store';
import { keepTrackOffline, listOfflineTracks, offlineStorageAvailable, removeOfflineTrack } from '../offline-tracks';
import { registerServiceWorker } from '../register-service-worker';

const offlineTracksQuery = (owner: string) =>
  queryOptions({ queryKey: ['offline-tracks', owner], queryFn: () => listOfflineTracks(owner), staleTime: Infinity, networkMode: 'always' });

function useOwner(): string | null {
  return usePortalStore((state) => (state.role === 'user' ? state.userUuid : null));
}

/**
 * `signedLink` asks the backend for the download (its entitlement decision); null when refused,
 * and then nothing is kept.
 */
export function KeepOfflineButton({ track, signedLink }: { track: { articleId: number; title: string }; signedLink: () => Promise<string | null> }) {
  const { t } = useTranslation();
  const owner = useOwner();
  const queryClient = useQueryClient();
  const kept = useQuery({ ...offlineTracksQuery(owner ?? ''), enabled: owner !== null });
  const keep = useMutation({
    networkMode: 'always',
    mutationFn: async () => {
      const link = await signedLink();
      if (!link || !owner) return null;
      // The worker answers the kept copy: it starts now if the page has not settled yet (whenSettled).
      void registerServiceWorker();
      return keepTrackOffline(track, link, owner);
    },
    onSuccess: (result) => {
      if (result && owner) void queryClient.invalidateQueries({ queryKey: ['offline-tracks', owner] });
    },
    onError: () => showSnackbar(t('offlineTracks.failed'), 'error'),
  });
  if (!owner || !offlineStorageAvailable()) return null;
  const isKept = kept.data?.some((item) => item.articleId === track.articleId) ?? false;
  return (
    <Button
      variant="secondary"
      disabled={isKept || keep.isPending}
      aria-label={isKept ? `${t('offlineTracks.kept')}: ${track.title}` : t('offlineTracks.keepItem', { title: track.title })}
      onClick={() => keep.mutate()}
    >
      {isKept ? <CheckIcon /> : <DownloadIcon />}
      {isKept ? t('offlineTracks.kept') : t('offlineTracks.keep')}
    </Button>
  );
}

/** The tracks the signed-in account kept on this device, each with a player and a remove button. */
export function OfflineTracksPanel() {
  const { t } = useTranslation();
  const owner = useOwner();
  const queryClient = useQueryClient();
  const tracks = useQuery({ ...offlineTracksQuery(owner ?? ''), enabled: owner !== null });
  const remove = useMutation({
    networkMode: 'always',
    mutationFn: removeOfflineTrack,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['offline-tracks', owner] }),
  });
  if (!owner || !offlineStorageAvailable() || !tracks.data || tracks.data.length === 0) return null;
  return (
    <section aria-labelledby="offline-tracks-title" className="mb-8 rounded-2xl border border-border bg-surface p-5">
      <h2 id="offline-tracks-title" className="text-lg font-bold">
        {t('offlineTracks.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('offlineTracks.text')}</p>
      <ul className="mt-4 flex flex-col divide-y divide-border">
        {tracks.data.map((track) => (
          <li key={track.articleId} className="flex flex-col gap-2 py-3">
            <span className="truncate font-semibold" dir="auto">
              {track.title}
            </span>
            <div className="flex flex-wrap items-center gap-3">
              <audio controls preload="none" src={track.url} aria-label={track.title} className="h-10 min-w-48 flex-1" />
              <Button variant="secondary" aria-label={t('offlineTracks.removeItem', { title: track.title })} onClick={() => remove.mutate(track.articleId)}>
                {t('offlineTracks.remove')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
