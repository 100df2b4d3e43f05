import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '../brand';
import { install, runsInstalled, useInstallState } from '../webapp/installPrompt';
import '../webapp/webapp.css';

type Platform = 'android' | 'ios';

/** iPhones and iPads (an iPad may say it is a Mac, but it has touch). */
function visitorPlatform(): Platform {
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  return ios ? 'ios' : 'android';
}

/** The brand's address as a QR code (an SVG image), for a phone's camera. */
function useQrCode(address: string): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode').then(async ({ toString }) => {
      const svg = await toString(address, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
      if (current) setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      current = false;
    };
  }, [address]);
  return image;
}

function AndroidGuide({ address }: { address: string }) {
  const { t } = useTranslation();
  const state = useInstallState();
  return (
    <section className="install-guide" data-platform="android" aria-labelledby="install-android">
      <h2 id="install-android">{t('download.android.title')}</h2>
      {state === 'offered' && (
        <p>
          <button type="button" className="install-guide__install" onClick={() => void install()}>
            {t('download.android.install')}
          </button>
        </p>
      )}
      {state === 'installed' ? (
        <p role="status">{t('download.installed')}</p>
      ) : (
        <ol>
          <li>{t('download.android.open', { address })}</li>
          <li>{t('download.android.menu')}</li>
          <li>{t('download.android.add')}</li>
          <li>{t('download.android.confirm')}</li>
        </ol>
      )}
    </section>
  );
}

function IosGuide({ address }: { address: string }) {
  const { t } = useTranslation();
  return (
    <section className="install-guide" data-platform="ios" aria-labelledby="install-ios">
      <h2 id="install-ios">{t('download.ios.title')}</h2>
      <ol>
        <li>{t('download.ios.open', { address })}</li>
        <li>{t('download.ios.share')}</li>
        <li>{t('download.ios.add')}</li>
        <li>{t('download.ios.confirm')}</li>
      </ol>
    </section>
  );
}

/** /down: the brand's app, installed from its own address (Android and iOS guides, a QR code). */
export function DownloadPage() {
  const { t } = useTranslation();
  const { brand, publicUrl } = useBootstrap();
  const address = publicUrl ?? window.location.origin;
  const qrCode = useQrCode(address);
  const guides = [<AndroidGuide key="android" address={address} />, <IosGuide key="ios" address={address} />];
  if (visitorPlatform() === 'ios') guides.reverse();
  return (
    <section className="page download-page" data-page="down">
      <h1>{t('page.down')}</h1>
      <p>{t(runsInstalled() ? 'download.running_installed' : 'download.intro', { name: brand.name })}</p>
      <div className="download-page__body">
        <figure className="download-page__qr">
          {qrCode ? <img src={qrCode} width={200} height={200} alt={t('download.qr_alt', { address })} data-address={address} /> : <div className="download-page__qr-space" />}
          <figcaption>
            {t('download.scan')}
            <br />
            <a href={address}>{address}</a>
          </figcaption>
        </figure>
        <div className="download-page__guides">{guides}</div>
      </div>
    </section>
  );
}
