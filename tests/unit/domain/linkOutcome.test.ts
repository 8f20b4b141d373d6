import { describe, expect, it } from 'vitest';
import { linkFailureText, linkOutcomeOf } from '../../../src/domain/linkOutcome';

describe('linkOutcomeOf', () => {
  it('reads a failed link from the address, and nothing from another address', () => {
    expect(
      linkOutcomeOf({ action: 'link', status: 'fail', errorCode: 'cancelled', network: 'google' }),
    ).toEqual({ status: 'fail', network: 'google', errorCode: 'cancelled', errorMessage: '' });
    expect(linkOutcomeOf({ action: 'login', status: 'fail' })).toBeNull();
  });
});

describe("linkFailureText: a failed link in the learner's language", () => {
  // What the server wrote for a browser asking for English, the provider's way back.
  const taken = {
    status: 'fail',
    network: 'vkontakte',
    errorCode: 'link_social_id_already_taken',
    errorMessage: 'This VK account is already linked to another user.',
  } as const;

  it("words a known code in the learner's language, not the browser's the server answered in", () => {
    expect(linkFailureText(taken, 'ru')).toBe('Этот аккаунт VK уже привязан к другому пользователю.');
    expect(linkFailureText(taken, 'es')).toBe('Esta cuenta de VK ya está vinculada a otro usuario.');
    expect(linkFailureText(taken, 'en')).toBe('This VK account is already linked to another user.');
  });

  it('names "the social network" in that language when the address named none', () => {
    expect(linkFailureText({ ...taken, network: null, errorCode: 'cancelled' }, 'ru')).toBe(
      'Вход через соцсеть отменён.',
    );
  });

  it("keeps the server's words for a code the app does not know, and says something without them", () => {
    expect(linkFailureText({ ...taken, errorCode: 'provider_down', errorMessage: 'VK is down.' }, 'ru')).toBe(
      'VK is down.',
    );
    expect(linkFailureText({ ...taken, errorCode: 'provider_down', errorMessage: '' }, 'es')).toBe(
      'Algo salió mal con VK. Inténtalo más tarde.',
    );
  });
});
