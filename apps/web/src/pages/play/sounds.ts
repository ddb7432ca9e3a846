import { soundOn } from '../../stores/prefs-store.js';

/** Short generated tones (no sound files): the countdown ticks at volume 0.3 and the last at 0.5. */
let context: AudioContext | null = null;

/** Plays one tone, unless the player turned "Sound" off in the settings. */
export function playTick(volume: number, frequency = volume >= 0.5 ? 880 : 660): void {
  if (!soundOn()) return;
  try {
    context ??= new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.value = volume;
    oscillator.connect(gain).connect(context.destination);
    const now = context.currentTime;
    gain.gain.exponentialRampToValueAtTime(0.001, now + 0.25);
    oscillator.start(now);
    oscillator.stop(now + 0.25);
  } catch {
    // No audio (autoplay policy or no device): silence is fine.
  }
}
