/**
 * What every catalog card carries besides its link: the like button (issue 15). Its module is the cards'
 * shared code (card-like.tsx), loaded with the first card; a user's button loads the like code too.
 */
import { lazy } from 'react';
import { setCardAction } from '@/components/ui/card-action';

const CardLike = lazy(() => import('@/features/engagement/components/card-like').then((module) => ({ default: module.CardLike })));

setCardAction((article) => <CardLike article={article} />);
