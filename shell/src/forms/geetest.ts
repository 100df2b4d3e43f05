/** The geetest v4 widget, loaded from geetest's server only when the brand's captcha is geetest. */
export const GEETEST_SCRIPT = 'https://static.geetest.com/v4/gt4.js';

/** What the form sends for a solved geetest challenge (identity contract). */
export interface GeetestResult {
  lot_number: string;
  captcha_output: string;
  pass_token: string;
  gen_time: string;
}

/** The part of geetest's captcha object the forms use. */
export interface GeetestCaptcha {
  onReady(callback: () => void): GeetestCaptcha;
  onSuccess(callback: () => void): GeetestCaptcha;
  onError(callback: (error?: unknown) => void): GeetestCaptcha;
  onClose(callback: () => void): GeetestCaptcha;
  showCaptcha(): void;
  getValidate(): (GeetestResult & Record<string, unknown>) | false;
  reset(): void;
  destroy(): void;
}

type InitGeetest4 = (config: { captchaId: string; product: 'bind'; language?: string }, ready: (captcha: GeetestCaptcha) => void) => void;

declare global {
  interface Window {
    initGeetest4?: InitGeetest4;
  }
}

let loading: Promise<InitGeetest4> | null = null;

/** The widget's entry point; its script is added to the page once, on first need. */
export function loadGeetest(): Promise<InitGeetest4> {
  if (window.initGeetest4) return Promise.resolve(window.initGeetest4);
  if (!loading) {
    loading = new Promise<InitGeetest4>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = GEETEST_SCRIPT;
      script.async = true;
      script.onload = () => (window.initGeetest4 ? resolve(window.initGeetest4) : reject(new Error('geetest_unavailable')));
      script.onerror = () => reject(new Error('geetest_unavailable'));
      document.head.appendChild(script);
    }).catch((error) => {
      loading = null;
      throw error;
    });
  }
  return loading;
}

/** Only the fields the server checks (geetest adds others, such as captcha_id). */
export function geetestResultOf(validate: GeetestResult): GeetestResult {
  const { lot_number, captcha_output, pass_token, gen_time } = validate;
  return { lot_number, captcha_output, pass_token, gen_time };
}
