import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ReactElement, useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { validateContact, validateWaitlist } from '../src/lib/inbox-validation.js';
import { byPresence, kindLabel, shortDateTime, signedAmount } from '../src/lib/tokens-format.js';
import { FAQ } from '../src/pages/help-content.js';
import { Accordion, accordionKeyTarget } from '../src/ui/accordion.js';
import { Tabs, tabKeyTarget } from '../src/ui/tabs.js';

afterEach(cleanup);

describe('support page helpers', () => {
  it('inbox validation - the waitlist form reports each field with the server messages', () => {
    expect(validateWaitlist({ name: ' ', email: 'nope', note: 'x'.repeat(1001) })).toEqual({
      name: 'Please enter your name',
      email: 'Please enter a valid email address',
      note: 'Note must be at most 1000 characters',
    });
    expect(validateWaitlist({ name: 'n'.repeat(81), email: 'a@b.co', note: '' })).toEqual({
      name: 'Name must be at most 80 characters',
    });
    expect(validateWaitlist({ name: 'Ann', email: ' ann@example.com ', note: '' })).toEqual({});
  });

  it('inbox validation - the contact form needs a subject (≤ 120) and a message (≤ 2000)', () => {
    expect(validateContact({ subject: '', message: ' \n' })).toEqual({
      subject: 'Please enter a subject',
      message: 'Please enter a message',
    });
    expect(validateContact({ subject: 's'.repeat(121), message: 'm'.repeat(2001) })).toEqual({
      subject: 'Subject must be at most 120 characters',
      message: 'Message must be at most 2000 characters',
    });
    expect(validateContact({ subject: 'Hi', message: 'Hello' })).toEqual({});
  });

  it('tokens format - ledger kinds, signed amounts, dates and friends by presence', () => {
    expect(kindLabel('gift')).toBe('Welcome gift');
    expect([signedAmount(100), signedAmount(-150), signedAmount(0)]).toEqual(['+100', '-150', '0']);
    expect(shortDateTime('not a date')).toBe('');
    expect(shortDateTime('2026-01-02T03:04:05.000Z')).not.toBe('');
    const sorted = byPresence([
      { username: 'zed', status: 'online' as const },
      { username: 'Amy', status: 'offline' as const },
      { username: 'bob', status: 'away' as const },
      { username: 'al', status: 'online' as const },
    ]);
    expect(sorted.map((f) => f.username)).toEqual(['al', 'zed', 'bob', 'Amy']);
  });

  it('help - the FAQ has exactly the five questions of docs/product.md §P2.2', () => {
    expect(FAQ.map((q) => q.title)).toEqual([
      'What is Palace?',
      'How do I get SRT tokens?',
      'How do I play with friends?',
      'How does the waitlist work?',
      'Are there tournaments?',
    ]);
  });

  it('keys - tabs move with Left/Right/Home/End and wrap; the accordion with Up/Down/Home/End', () => {
    expect([tabKeyTarget('ArrowRight', 2, 3), tabKeyTarget('ArrowLeft', 0, 3)]).toEqual([0, 2]);
    expect([tabKeyTarget('Home', 2, 3), tabKeyTarget('End', 0, 3), tabKeyTarget('ArrowDown', 0, 3)]).toEqual([
      0,
      2,
      null,
    ]);
    expect([accordionKeyTarget('ArrowDown', 4, 5), accordionKeyTarget('ArrowUp', 0, 5)]).toEqual([0, 4]);
    expect(accordionKeyTarget('ArrowRight', 0, 5)).toBeNull();
  });
});

function TabsHarness(): ReactElement {
  const [tab, setTab] = useState<'a' | 'b' | 'c'>('a');
  return (
    <Tabs
      label="Topics"
      idPrefix="t"
      selected={tab}
      onSelect={setTab}
      items={[
        { id: 'a', label: 'Alpha', panel: <p>Panel A</p> },
        { id: 'b', label: 'Beta', panel: <input aria-label="Kept" /> },
        { id: 'c', label: 'Gamma', panel: <p>Panel C</p> },
      ]}
    />
  );
}

describe('tabs and accordion in the DOM', () => {
  it('tabs - roles, one tab stop, arrow keys select and focus, panels stay mounted', () => {
    render(<TabsHarness />);
    expect(screen.getByRole('tablist', { name: 'Topics' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    expect(screen.getByRole('tabpanel', { name: 'Alpha' }).textContent).toBe('Panel A');
    const [alpha, beta, gamma] = tabs;
    if (alpha === undefined || beta === undefined || gamma === undefined) throw new Error('three tabs');
    alpha.focus();
    fireEvent.keyDown(alpha, { key: 'ArrowRight' });
    expect(beta.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(beta);
    fireEvent.change(screen.getByLabelText('Kept'), { target: { value: 'typed' } });
    fireEvent.keyDown(beta, { key: 'End' });
    expect(gamma.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(gamma, { key: 'ArrowRight' });
    expect(alpha.getAttribute('aria-selected')).toBe('true');
    // The hidden panel kept what was typed.
    expect((screen.getByLabelText('Kept', { selector: 'input' }) as HTMLInputElement).value).toBe('typed');
    expect(gamma.getAttribute('aria-controls')).toBe('t-panel-c');
  });

  it('accordion - headers toggle their region with aria-expanded; arrows move between headers', () => {
    render(
      <MemoryRouter>
        <Accordion idPrefix="q" items={FAQ} />
      </MemoryRouter>,
    );
    const headers = screen.getAllByRole('button');
    expect(headers).toHaveLength(5);
    const first = headers[0];
    const second = headers[1];
    const last = headers[4];
    if (first === undefined || second === undefined || last === undefined) throw new Error('five headers');
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region')).toBeNull();
    act(() => first.click());
    expect(first.getAttribute('aria-expanded')).toBe('true');
    const region = screen.getByRole('region', { name: 'What is Palace?' });
    expect(region.id).toBe(first.getAttribute('aria-controls'));
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second, { key: 'End' });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(last, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(first);
    act(() => first.click());
    expect(first.getAttribute('aria-expanded')).toBe('false');
  });
});
