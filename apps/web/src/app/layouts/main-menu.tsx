import { useMemo, useState, type ComponentType } from 'react';
import { NavLink } from 'react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AirplaneTicketIcon from '@mui/icons-material/AirplaneTicket';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AssignmentIcon from '@mui/icons-material/Assignment';
import BookOnlineIcon from '@mui/icons-material/BookOnline';
import BusinessIcon from '@mui/icons-material/Business';
import BusinessCenterIcon from '@mui/icons-material/BusinessCenter';
import CircleOutlinedIcon from '@mui/icons-material/CircleOutlined';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FlightIcon from '@mui/icons-material/Flight';
import FlightTakeoffIcon from '@mui/icons-material/FlightTakeoff';
import GroupIcon from '@mui/icons-material/Group';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import HotelIcon from '@mui/icons-material/Hotel';
import ImportExportIcon from '@mui/icons-material/ImportExport';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import KeyboardReturnIcon from '@mui/icons-material/KeyboardReturn';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LogoutIcon from '@mui/icons-material/Logout';
import MailIcon from '@mui/icons-material/Mail';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptIcon from '@mui/icons-material/Receipt';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import StarIcon from '@mui/icons-material/Star';
import TrainIcon from '@mui/icons-material/Train';
import TuneIcon from '@mui/icons-material/Tune';
import { useTranslation } from 'react-i18next';
import { MENU_WIDTH, buildMainMenu, type MenuItem } from '@delego/domain';
import { useCurrentUser } from '../../lib/session.tsx';
import { menuContextOf } from '../../lib/user-context.ts';
import { useWaitingForMe } from '../../features/waiting/use-waiting-for-me.ts';

export const MAIN_MENU_ID = 'main-menu';

const ICONS: Record<string, ComponentType> = {
  travelOrders: FlightTakeoffIcon,
  bookings: BookOnlineIcon,
  delegations: BusinessCenterIcon,
  advances: PaymentsIcon,
  orders: AssignmentIcon,
  settlements: ReceiptLongIcon,
  extraInfo: InfoOutlinedIcon,
  delegationAdministration: TuneIcon,
  administration: AdminPanelSettingsIcon,
  invoices: ReceiptIcon,
  reports: AssessmentIcon,
  accountingExport: ImportExportIcon,
  delegationInfo: MenuBookIcon,
  profile: AccountCircleIcon,
  substitutes: PeopleIcon,
  backToOwnAccount: KeyboardReturnIcon,
  logout: LogoutIcon,
  adminOrdersByType: ListAltIcon,
  'adminOrders.hotel': HotelIcon,
  'adminOrders.flight': FlightIcon,
  'adminOrders.lowCost': AirplaneTicketIcon,
  'adminOrders.car': DirectionsCarIcon,
  'adminOrders.rail': TrainIcon,
  'adminOrders.insurance': HealthAndSafetyIcon,
  'adminOrders.special': StarIcon,
  adminCompanies: BusinessIcon,
  adminUsers: GroupIcon,
  adminMailing: MailIcon,
  adminSystemSettings: SettingsIcon,
};

interface MenuEntryProps {
  item: MenuItem;
  isExpanded: boolean;
  depth: number;
}

function MenuLink({ item, isExpanded, depth }: MenuEntryProps) {
  const { t } = useTranslation('menu');
  const label = t(item.key);
  const Icon = ICONS[item.key] ?? CircleOutlinedIcon;
  const icon = item.badge ? (
    <Badge badgeContent={item.badge} color="secondary">
      <Icon />
    </Badge>
  ) : (
    <Icon />
  );
  return (
    <Tooltip title={isExpanded ? '' : label} placement="right">
      <ListItemButton
        component={NavLink}
        to={item.path}
        aria-label={isExpanded ? undefined : label}
        sx={{ pl: isExpanded ? 2 + depth * 2 : 2.5, minHeight: 44, '&.active': { bgcolor: 'action.selected' } }}
      >
        <ListItemIcon sx={{ minWidth: isExpanded ? 40 : 0 }}>{icon}</ListItemIcon>
        {isExpanded && <ListItemText primary={label} />}
      </ListItemButton>
    </Tooltip>
  );
}

function MenuGroup({ item, isExpanded, depth }: MenuEntryProps) {
  const { t } = useTranslation('menu');
  const [isOpen, setOpen] = useState(true);
  const label = t(item.key);
  const childrenId = `${MAIN_MENU_ID}-${item.key.replace(/\W/g, '-')}`;
  return (
    <>
      <ListItem
        disablePadding
        secondaryAction={
          isExpanded && (
            <IconButton
              edge="end"
              onClick={() => setOpen((value) => !value)}
              aria-label={t(isOpen ? 'ui.collapseGroup' : 'ui.expandGroup', { label })}
              aria-expanded={isOpen}
              aria-controls={childrenId}
            >
              {isOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            </IconButton>
          )
        }
      >
        <MenuLink item={item} isExpanded={isExpanded} depth={depth} />
      </ListItem>
      <Collapse in={isOpen || !isExpanded} id={childrenId}>
        <List disablePadding>
          {item.children?.map((child) => (
            <MenuEntry key={child.key} item={child} isExpanded={isExpanded} depth={depth + 1} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

function MenuEntry(props: MenuEntryProps) {
  if (props.item.children?.length) return <MenuGroup {...props} />;
  return (
    <ListItem disablePadding>
      <MenuLink {...props} />
    </ListItem>
  );
}

/**
 * The main menu of spec §2, with the items the user's permissions and modules allow
 * (`buildMainMenu`, spec §6); 325 px wide, or 80 px showing icons only. On a phone it is a drawer
 * over the content, opened from the header and closed by choosing a screen, so the content keeps
 * the whole width.
 */
export function MainMenu({ isExpanded, overlay = false, onClose }: { isExpanded: boolean; overlay?: boolean; onClose?: () => void }) {
  const { t } = useTranslation('menu');
  const user = useCurrentUser();
  const { counts } = useWaitingForMe();
  const items = useMemo(() => buildMainMenu(menuContextOf(user, counts)), [user, counts]);
  const collapsedWidth = user.is_external_user ? MENU_WIDTH.externalUser : MENU_WIDTH.collapsed;
  const nav = (showLabels: boolean) => (
    <Box
      component="nav"
      id={MAIN_MENU_ID}
      aria-label={t('ui.label')}
      onClick={overlay ? (event) => (event.target as HTMLElement).closest('a') && onClose?.() : undefined}
    >
      <List>
        {items.map((item) => (
          <MenuEntry key={item.key} item={item} isExpanded={showLabels} depth={0} />
        ))}
      </List>
    </Box>
  );
  if (overlay) {
    return (
      <Drawer variant="temporary" open={isExpanded} onClose={onClose} ModalProps={{ keepMounted: true }} sx={{ '& .MuiDrawer-paper': { width: MENU_WIDTH.expanded, maxWidth: '85vw', boxSizing: 'border-box' } }}>
        <Toolbar />
        {nav(true)}
      </Drawer>
    );
  }
  const width = isExpanded ? MENU_WIDTH.expanded : collapsedWidth;
  return (
    <Drawer
      variant="permanent"
      sx={(theme) => {
        const transition = theme.transitions.create('width', { duration: theme.transitions.duration.shorter });
        return {
          width,
          flexShrink: 0,
          transition,
          '& .MuiDrawer-paper': { width, boxSizing: 'border-box', overflowX: 'hidden', transition },
        };
      }}
    >
      <Toolbar />
      {nav(isExpanded)}
    </Drawer>
  );
}
