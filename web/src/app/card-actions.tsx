/** What every catalog card carries besides its link: the like button (issue 15), loaded with the first card that shows it. */
import { lazy } from 'react';
import { setCardAction } from '@/components/ui/card-action';

const LikeButton = lazy(() => import('@/features/engagement/components/like-button').then((module) => ({ default: module.LikeButton })));

setCardAction((article) => <LikeButton article={article} />);
