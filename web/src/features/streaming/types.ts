/**
 * Wire shapes of the streaming calls (commerce §3 music track response, §7 /song, /video/streaming,
 * /content/streaming/report, /user/history/*): aliases of the generated OpenAPI types
 * (docs/openapi.json).
 *
 * Where the document is looser than what the server sends, the alias narrows only that field until
 * the server describes it: a purchase option's `type` is a plain string there (the server sends DTO or
 * subscription, purchases_dto.hpp), and std::optional members (the option's `subscriptionType`, the
 * track's `ticket`) are "may be absent or null" there while the server always sends them, null when
 * there is none. A report's `type` is any text there; the players send one of ReportType.
 */
import type { ApiBody, ApiData, CatalogArticle } from '@/lib/api-schema';

type WireTrack = ApiData<'postBackendSong'>;
type WirePurchaseOption = WireTrack['purchase'][number];

/** A way to get the track (the purchases feature's purchase option; features do not import each other). */
export type SongPurchaseOption = Omit<WirePurchaseOption, 'type' | 'subscriptionType'> & { type: 'DTO' | 'subscription' } & Record<
    'subscriptionType',
    NonNullable<WirePurchaseOption['subscriptionType']> | null
  >;

/**
 * POST /song answer (and /video/streaming's, the same shape): a signed full URL with a ticket when
 * entitled, else the preview (or "") and the purchase options. The ticket identifies the play for
 * usage reports; null for previews.
 */
export type MusicTrack = Omit<WireTrack, 'purchase' | 'ticket'> & Record<'purchase', SongPurchaseOption[]> & Record<'ticket', string | null>;

export type ReportType = 'listened' | 'watched';

/**
 * POST /content/streaming/report: the usage of one ticketed play; `date` is the ISO date of the
 * report, `usageDuration` the seconds played since the last report, `maxUsageDuration` the media's
 * length in seconds.
 */
export type StreamingReport = Omit<ApiBody<'postBackendContentStreamingReport'>, 'type'> & { type: ReportType };
/** The report as counted. */
export type StreamingReportAnswer = ApiData<'postBackendContentStreamingReport'>;

/** GET /user/history/PLAY/{id}: the resume position (seconds) of one playable article. */
export type PlayHistory = NonNullable<ApiData<'getBackendUserHistoryPLAYId'>>;
/** PUT /user/history/PLAY/{id}: the position to keep. */
export type PlayPosition = Pick<PlayHistory, 'userCurrentPlaying' | 'contentType'>;
export type DeletedHistory = ApiData<'deleteBackendUserHistoryPLAYId'>;
export type RecordedHistory = ApiData<'postBackendUserHistoryTypeId'>;

/** History actions; only PLAY is sent by the players. */
export type HistoryType = 'PLAY';

/**
 * GET /structure/fragments_get-articles/fragment/{collectionId}: a page of a collection's tracks
 * (catalog articles). The player reads these fields of an entry and copes with any but the first
 * three missing.
 */
export type CollectionEntry = Pick<CatalogArticle, 'id' | 'title' | 'contentType'> &
  Partial<Pick<CatalogArticle, 'imageUrl' | 'durationSeconds' | 'artists' | 'collectionInfo' | 'isWalletItem' | 'href'>>;
export type CollectionPage = Omit<ApiData<'getBackendStructureFragmentsGetArticlesFragmentId'>, 'entries'> & Record<'entries', CollectionEntry[]>;
