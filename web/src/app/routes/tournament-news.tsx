/** /tournaments/news/details/:id: one tournament news article (issue 15). */
import { TournamentMediaView } from '@/features/tournaments/components/tournament-media-view';

export default function TournamentNewsPage() {
  return (
    <section data-page="tournamentNews" className="py-6 sm:py-10">
      <TournamentMediaView kind="news" />
    </section>
  );
}
