/** /tournaments/videos/details/:id: one tournament video (issue 15). */
import { TournamentMediaView } from '@/features/tournaments/components/tournament-media-view';

export default function TournamentVideoPage() {
  return (
    <section data-page="tournamentVideo" className="py-6 sm:py-10">
      <TournamentMediaView kind="videos" />
    </section>
  );
}
