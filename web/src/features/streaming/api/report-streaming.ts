/**
 * POST /content/streaming/report {ticketId, type, date, usageDuration, maxUsageDuration, offline, partial}:
 * the usage of one ticketed play. A refused report (unknown, foreign, expired ticket) ends reporting for it (§8).
 */
import type { StreamingReport, StreamingReportAnswer } from '../types';
import { callAnswer, type Answer } from '@/lib/call-result';

export function reportStreaming(report: StreamingReport): Promise<Answer<StreamingReportAnswer>> {
  return callAnswer<StreamingReportAnswer>('POST', '/content/streaming/report', { body: report });
}
