import { createRef } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '@tessera/kit';
import { serve } from '../../test/render';
import { CaptchaField, fieldErrorsOf, GEETEST_SCRIPT, MobileField, SmsCodeButton, type CaptchaHandle, type SmsSent } from '.';

const flush = () => act(async () => undefined);

describe('server field errors', () => {
  test('the first message of each field of invalid_fields', () => {
    const error = new ApiError('invalid_fields', 400, 'Please enter correct information', { fields: { username: ['Taken', 'Short'], email: ['Bad'] } });
    expect(fieldErrorsOf(error)).toEqual({ username: 'Taken', email: 'Bad' });
    expect(fieldErrorsOf(new ApiError('login_failed', 401, 'No'))).toEqual({});
    expect(fieldErrorsOf(new Error('offline'))).toEqual({});
  });
});

describe('mobile field', () => {
  test('offers the calling codes in a list and the number as a labelled input', () => {
    const codes = vi.fn();
    render(<MobileField dialingCode="+63" onDialingCodeChange={codes} value="" onChange={() => undefined} required error="Required" />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Country code' }), { target: { value: '+880' } });
    expect(codes).toHaveBeenCalledWith('+880');
    const number = screen.getByRole('textbox', { name: 'Mobile number' });
    expect(document.getElementById(number.getAttribute('aria-describedby')!)?.textContent).toBe('Required');
  });

  test('a single code is a text box', () => {
    render(<MobileField dialingCode="+63" dialingCodes={['+63']} onDialingCodeChange={() => undefined} value="" onChange={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Country code' })).toHaveProperty('value', '+63');
  });
});

describe('SMS code button', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const button = () => document.querySelector<HTMLButtonElement>('.sms-code-button')!;
  const click = () => act(async () => fireEvent.click(button()));

  test('counts down the code lifetime, disabled and ignoring sends until zero', async () => {
    const send = vi.fn(async (): Promise<SmsSent> => ({ expiredMinutes: 2 }));
    render(<SmsCodeButton send={send} />);
    expect(button().textContent).toBe('Send code');
    await click();
    expect(send).toHaveBeenCalledTimes(1);
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe('Resend in 120 s');
    act(() => vi.advanceTimersByTime(60_000));
    expect(button().textContent).toBe('Resend in 60 s');
    await click();
    expect(send).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(60_000));
    expect(button().disabled).toBe(false);
    expect(button().textContent).toBe('Send code');
    await click();
    expect(send).toHaveBeenCalledTimes(2);
  });

  test('with firebase the wait is one minute', async () => {
    render(<SmsCodeButton send={async () => ({ expiredMinutes: 5 })} firebase />);
    await click();
    expect(button().textContent).toBe('Resend in 60 s');
  });

  test('at most one request a second', async () => {
    // The form refused to send (an invalid number): no countdown, but the throttle holds.
    const send = vi.fn(async () => null);
    render(<SmsCodeButton send={send} />);
    await click();
    await click();
    expect(send).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(999));
    await click();
    expect(send).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    await click();
    expect(send).toHaveBeenCalledTimes(2);
  });

  test("a refusal opens a warning with the server's message, closed by its confirm", async () => {
    render(<SmsCodeButton send={async () => Promise.reject(new ApiError('sms_send_failed', 502, 'The SMS could not be sent.'))} />);
    await click();
    const dialog = screen.getByRole('dialog', { name: 'Notice' });
    expect(dialog.textContent).toContain('The SMS could not be sent.');
    expect(button().disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('sms_too_soon waits the seconds the server says', async () => {
    render(<SmsCodeButton send={async () => Promise.reject(new ApiError('sms_too_soon', 429, 'Please wait.', { retryAfter: 42 }))} />);
    await click();
    expect(button().textContent).toBe('Resend in 42 s');
  });
});

describe('captcha field', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    delete window.initGeetest4;
  });

  function serveImages() {
    let served = 0;
    const calls = serve({ '/wps/captcha': () => `data:image/png;base64,${(served += 1)}` });
    return () => calls.filter((call) => call.url.pathname === '/wps/captcha').length;
  }

  test('an image, reloaded on click at most once a second', async () => {
    const loads = serveImages();
    render(<CaptchaField />);
    await flush();
    const image = () => document.querySelector('.captcha-field__image img')!.getAttribute('src');
    expect(image()).toBe('data:image/png;base64,1');
    const reload = screen.getByRole('button', { name: 'Verification image; select it for a new one' });
    act(() => vi.advanceTimersByTime(999));
    fireEvent.click(reload);
    await flush();
    expect(loads()).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    fireEvent.click(reload);
    fireEvent.click(reload);
    await flush();
    expect(loads()).toBe(2);
    expect(image()).toBe('data:image/png;base64,2');
  });

  test('a refresh control beside the image gives a new one, also once a second at most, and clears what was typed', async () => {
    const loads = serveImages();
    render(<CaptchaField />);
    await flush();
    const image = document.querySelector('.captcha-field__image img')!;
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['200', '70']);
    fireEvent.change(screen.getByRole('textbox', { name: /Verification code/ }), { target: { value: 'ab12' } });
    act(() => vi.advanceTimersByTime(1000));
    const refresh = screen.getByRole('button', { name: 'New image' });
    fireEvent.click(refresh);
    fireEvent.click(refresh);
    await flush();
    expect(loads()).toBe(2);
    expect(document.querySelector('.captcha-field__image img')!.getAttribute('src')).toBe('data:image/png;base64,2');
    expect((screen.getByRole('textbox', { name: /Verification code/ }) as HTMLInputElement).value).toBe('');
  });

  test('the text is required, and is the answer; a reload asked for too soon comes a second later', async () => {
    const loads = serveImages();
    const handle = createRef<CaptchaHandle>();
    render(<CaptchaField ref={handle} />);
    await flush();
    let answer = await act(() => handle.current!.verify());
    expect(answer).toBeNull();
    const input = screen.getByRole('textbox', { name: 'Verification code' });
    expect(document.activeElement).toBe(input);
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('Required');
    fireEvent.change(input, { target: { value: ' ab12 ' } });
    answer = await act(() => handle.current!.verify());
    expect(answer).toEqual({ captcha: 'ab12' });
    act(() => handle.current!.reload());
    await flush();
    expect(loads()).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    await flush();
    expect(loads()).toBe(2);
    expect(input).toHaveProperty('value', '');
  });

  test('geetest loads its script only then, and its result is the answer', async () => {
    serve({ '/wps/captcha': { geetestId: 'gid-1' } });
    const handle = createRef<CaptchaHandle>();
    render(<CaptchaField ref={handle} />);
    await flush();
    const script = document.querySelector<HTMLScriptElement>(`script[src="${GEETEST_SCRIPT}"]`)!;
    expect(script).not.toBeNull();
    const callbacks: Record<string, () => void> = {};
    const widget = {
      onReady: () => widget,
      onSuccess: (callback: () => void) => ((callbacks.success = callback), widget),
      onError: () => widget,
      onClose: (callback: () => void) => ((callbacks.close = callback), widget),
      showCaptcha: vi.fn(),
      getValidate: () => ({ lot_number: 'l', captcha_output: 'o', pass_token: 'p', gen_time: '1', captcha_id: 'gid-1' }),
      reset: vi.fn(),
      destroy: vi.fn(),
    };
    const init = vi.fn((_config: unknown, ready: (captcha: typeof widget) => void) => ready(widget));
    window.initGeetest4 = init;
    await act(async () => script.dispatchEvent(new Event('load')));
    expect(init.mock.calls[0][0]).toMatchObject({ captchaId: 'gid-1', product: 'bind' });
    expect(screen.queryByRole('textbox')).toBeNull();

    const closed = handle.current!.verify();
    expect(widget.showCaptcha).toHaveBeenCalledTimes(1);
    callbacks.close();
    expect(await closed).toBeNull();

    const solved = handle.current!.verify();
    callbacks.success();
    expect(await solved).toEqual({ geetest: { lot_number: 'l', captcha_output: 'o', pass_token: 'p', gen_time: '1' } });
    script.remove();
  });
});
