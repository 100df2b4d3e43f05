import { Link } from 'react-router';
import { Picture } from '@tessera/kit';
import { useBrand } from '../brand';
import { useSystemStatus } from '../data/status';

/** How high the header shows the logo (frame.css .header__logo-image). */
const LOGO_HEIGHT = 40;

/** The brand's logo image when it has one, else its name; both lead home. */
export function HeaderLogo() {
  const brand = useBrand();
  const status = useSystemStatus().data?.brand;
  const logo = status?.logo;
  const image = status?.logoImage ?? undefined;
  return (
    <Link to="/" className="header__logo">
      {logo ? (
        // Shown LOGO_HEIGHT px high; a logo of unknown size (an https URL) keeps a 4:1 room.
        <Picture
          className="header__logo-image"
          src={logo}
          alt={brand.name}
          image={image}
          fallbackWidth={160}
          fallbackHeight={40}
          sizes={image?.width && image.height ? `${Math.ceil((LOGO_HEIGHT * image.width) / image.height)}px` : undefined}
          loading="eager"
        />
      ) : (
        brand.name
      )}
    </Link>
  );
}
