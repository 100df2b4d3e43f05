import { Link } from 'react-router';
import { useBrand } from '../brand';
import { useSystemStatus } from '../data/status';

/** The brand's logo image when it has one, else its name; both lead home. */
export function HeaderLogo() {
  const brand = useBrand();
  const logo = useSystemStatus().data?.brand.logo;
  return (
    <Link to="/" className="header__logo">
      {logo ? <img className="header__logo-image" src={logo} alt={brand.name} height={40} /> : brand.name}
    </Link>
  );
}
