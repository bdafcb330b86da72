/**
 * Wire shapes of the streaming calls (commerce §3 music track response, §7 /song, /content/streaming/report,
 * /user/history/*). Written by hand until the backend routes land in api-types.ts.
 */

/** A way to get the track (the purchases feature's purchase option; features do not import each other). */
export interface SongPurchaseOption {
  purchaseIdentifier: string;
  type: 'DTO' | 'subscription';
  title: string;
  price: { amount: number; currency: string };
  consumable: boolean;
  sort: number;
  subscriptionType: { id: number; name: string; billingCycle: string } | null;
}

/** POST /song answer: a signed full URL with a ticket when entitled, else the preview (or "") and the purchase options. */
export interface MusicTrack {
  url: string;
  isPreview: boolean;
  purchase: SongPurchaseOption[];
  /** Identifies this play for usage reports; null for previews. */
  ticket: string | null;
  expires?: number | string | null;
}

export type ReportType = 'listened' | 'watched';

export interface StreamingReport {
  ticketId: string;
  type: ReportType;
  /** ISO date of the report. */
  date: string;
  /** Seconds played since the last report. */
  usageDuration: number;
  /** The media's length in seconds. */
  maxUsageDuration: number;
  offline: boolean;
  partial: boolean;
}

/** The resume position of one playable article. */
export interface PlayHistory {
  /** Resume position in seconds. */
  userCurrentPlaying: number;
  contentType: string;
}

/** History actions; only PLAY is sent by the players. */
export type HistoryType = 'PLAY';
