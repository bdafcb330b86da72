/** Issue 30, "the specification's last gaps": the app as a person meets it. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConfigNode } from '@/lib/portal-types';
import { renderApp } from '@/testing/render-app';

const WAIT = { timeout: 5000 };

describe('custom properties with placeholders (spec 1 §2)', () => {
  it('fills a content page body from the query and the signed-in user', async () => {
    const offer: ConfigNode = {
      name: 'offer',
      data: { title: 'Spring offer', customProperties: { type: 'page', body: 'Your code: {{query.campaign}}-{{user.uuid}}{{unknown}}' } },
      substructure: [],
    };
    await renderApp({ path: '/offer?campaign=spring', structures: { offer } });
    expect(await screen.findByText(`Your code: spring-`, {}, WAIT)).toBeInTheDocument();
  });
});

