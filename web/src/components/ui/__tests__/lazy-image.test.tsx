import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LazyImage } from '../lazy-image';
import { rememberShownImages } from '../loaded-images';

type Callback = (entries: { isIntersecting: boolean }[]) => void;
let observers: { callback: Callback; options: IntersectionObserverInit | undefined }[] = [];

beforeEach(() => {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: Callback, options?: IntersectionObserverInit) {
        observers.push({ callback, options });
      }
      observe = vi.fn();
      disconnect = vi.fn();
    },
  );
});

afterEach(() => vi.unstubAllGlobals());

function enterViewport() {
  act(() => observers.forEach((observer) => observer.callback([{ isIntersecting: true }])));
}

describe('LazyImage', () => {
  it('waits until it is near the viewport (1.3 viewports), then requests webp over https', () => {
    const { container } = render(<LazyImage src="//cdn.test/cover.png" alt="Cover" errorLabel="Image unavailable" />);
    expect(container.querySelector('img')).toBeNull();
    expect(observers[0]?.options?.rootMargin).toBe('30% 30%');
    enterViewport();
    expect(screen.getByAltText('Cover')).toHaveAttribute('src', 'https://cdn.test/cover.png?format=webp');
  });

  it('pulses only while the image is fetched', () => {
    const { container } = render(<LazyImage src="/img/pulse.png" alt="Pulse" errorLabel="x" />);
    expect(container.querySelector('.animate-pulse')).toBeNull();
    enterViewport();
    expect(container.querySelector('.animate-pulse')).not.toBeNull();
    fireEvent.load(screen.getByAltText('Pulse'));
    expect(container.querySelector('.animate-pulse')).toBeNull();
  });

  it('tries three times, then shows the error placeholder', () => {
    const { container } = render(<LazyImage src="/img/broken.png" alt="Broken" errorLabel="Image unavailable" />);
    enterViewport();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(container.querySelector('[data-attempt]')).toHaveAttribute('data-attempt', String(attempt));
      fireEvent.error(screen.getByAltText('Broken'));
    }
    expect(screen.queryByAltText('Broken')).toBeNull();
    expect(screen.getByAltText('Image unavailable')).toBeInTheDocument();
    expect(container.querySelector('[data-status]')).toHaveAttribute('data-status', 'error');
  });

  it('shows as loaded after a load, and at once for a URL that loaded before', () => {
    const first = render(<LazyImage src="/img/ok.png" alt="Ok" errorLabel="x" />);
    enterViewport();
    fireEvent.load(screen.getByAltText('Ok'));
    expect(first.container.querySelector('[data-status]')).toHaveAttribute('data-status', 'loaded');
    first.unmount();
    const again = render(<LazyImage src="/img/ok.png" alt="Ok again" errorLabel="x" />);
    expect(screen.getByAltText('Ok again')).toBeInTheDocument();
    expect(again.container.querySelector('[data-status]')).toHaveAttribute('data-status', 'loaded');
    expect(again.container.querySelector('.animate-pulse, .opacity-0')).toBeNull();
  });

  it("shows the images of the server's picture at once: those it had loaded", () => {
    const picture = document.createElement('div');
    picture.innerHTML = '<img src="/media/art/shown.svg?format=webp" alt=""><img src="/media/art/pending.svg?format=webp" alt="">';
    const [shown, pending] = [...picture.querySelectorAll('img')];
    Object.defineProperties(shown!, { complete: { value: true }, naturalWidth: { value: 640 } });
    Object.defineProperties(pending!, { complete: { value: false }, naturalWidth: { value: 0 } });
    rememberShownImages(picture);

    const first = render(<LazyImage src="/media/art/shown.svg" alt="Shown" errorLabel="x" />);
    expect(screen.getByAltText('Shown')).toHaveAttribute('src', '/media/art/shown.svg?format=webp');
    expect(first.container.querySelector('[data-status]')).toHaveAttribute('data-status', 'loaded');
    render(<LazyImage src="/media/art/pending.svg" alt="Pending" errorLabel="x" />);
    expect(screen.queryByAltText('Pending')).toBeNull();
  });

  it('shows the placeholder when there is no image', () => {
    render(<LazyImage src="" alt="None" errorLabel="Image unavailable" />);
    expect(screen.getByAltText('Image unavailable')).toBeInTheDocument();
  });
});
