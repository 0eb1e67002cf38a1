import { describe, expect, it } from 'vitest';
import { changeTitle, syncBannerText, waitingChangeText, waitingChangesText } from './device-texts';

describe('the offline banner', () => {
  it('says Offline, with how many changes wait, in Danish plural', () => {
    expect(syncBannerText({ online: false, waiting: 0, sending: false })).toBe('Offline');
    expect(syncBannerText({ online: false, waiting: 1, sending: false })).toBe('Offline – 1 ændring venter');
    expect(syncBannerText({ online: false, waiting: 3, sending: false })).toBe('Offline – 3 ændringer venter');
  });

  it('says it sends while it does, and nothing online with nothing waiting', () => {
    expect(syncBannerText({ online: true, waiting: 2, sending: true })).toBe('Sender ændringer…');
    expect(syncBannerText({ online: true, waiting: 2, sending: false })).toBe('2 ændringer venter');
    expect(syncBannerText({ online: true, waiting: 0, sending: false })).toBeNull();
    expect(waitingChangesText(0)).toBe('0 ændringer venter');
  });
});

describe('a waiting change on its job', () => {
  it('is named by what it does', () => {
    expect(waitingChangeText({ kind: 'SAVE', status: 'FINISHED' })).toBe('Afslutning venter på forbindelse');
    expect(waitingChangeText({ kind: 'PHOTO', detail: 'Før' })).toBe('Billede: Før venter på forbindelse');
    expect(changeTitle({ kind: 'DISCLAIMER' })).toBe('Underskrevet ansvarsfraskrivelse');
    expect(changeTitle({ kind: 'LOAN_CAR' })).toBe('Underskrevet låneaftale');
    expect(changeTitle({ kind: 'SAVE', status: 'ON_HOLD' })).toBe('Sat på hold');
    expect(changeTitle({ kind: 'SAVE', status: null })).toBe('Gemt ordre');
  });
});
