//! Demo data (POS_DEMO=1, set by scripts/start.sh): the shop "Demo Mart" with an admin and a
//! staff member, its catalogue, about 14 months of sales with their loyalty points and refunds,
//! and a few open orders (setup::demo_sales), and a super admin when none exists, so the app can be tried at once. The
//! sign-in details are printed at every start.
//!
//! Idempotent: each account is looked up first and created only when missing, so restarts add
//! nothing and keep any changes made in the app (a changed password stays changed).

use std::fmt;

use super::demo_content;
use super::demo_sales::{self, DemoSellers};
use crate::accounts::{self, NewAccount, NewShopAccount};
use crate::auth::{Permission, Role};
use crate::clock::Clock;
use crate::db::identity::users::User;
use crate::db::invoices::rows::Staff;
use crate::db::{self, Db};
use crate::service_error::ServiceError;

pub const SHOP_NAME: &str = "Demo Mart";
pub const SHOP_EMAIL: &str = "demo@tillwise.test";
pub const SHOP_PASSWORD: &str = "demomart1";
pub const ADMIN_PHONE: &str = "7000001";
pub const ADMIN_PASSWORD: &str = "admin1234";
pub const STAFF_PHONE: &str = "7000002";
pub const STAFF_PASSWORD: &str = "staff1234";
pub const SUPER_ADMIN_PHONE: &str = "7000000";
pub const SUPER_ADMIN_PASSWORD: &str = "super1234";

/// What the demo staff member may do: the staff menu (products, categories,
/// customers, and creating them). Updates and deletes stay with the admin.
const STAFF_GRANTS: [Permission; 6] = [
    Permission::ProductCreate,
    Permission::ProductRead,
    Permission::CategoryCreate,
    Permission::CategoryRead,
    Permission::CustomerCreate,
    Permission::CustomerRead,
];

/// The printed sign-in details.
#[derive(Debug, Clone)]
pub struct DemoCredentials {
    pub shop_id: i64,
    pub staff_id: String,
    /// False when a super admin other than the demo one already existed.
    pub demo_super_admin: bool,
}

pub async fn seed(db: &Db, clock: &Clock) -> Result<DemoCredentials, ServiceError> {
    let now = clock.now_millis();
    let pool = db.pool();
    let shop = match db::shops::find_by_email(pool, SHOP_EMAIL).await? {
        Some(shop) => shop,
        None => accounts::create_shop(db, now, demo_shop()).await?,
    };
    let person = |role, user_name, email, phone_number, password| NewAccount {
        shop_id: Some(shop.id),
        role,
        user_name,
        email,
        phone_number,
        password,
    };
    let admin =
        match db::identity::users::find_by_phone_in_shop(pool, shop.id, Role::Admin, ADMIN_PHONE)
            .await?
        {
            Some(admin) => admin,
            None => {
                let admin = person(
                    Role::Admin,
                    "DemoAdmin",
                    "admin@tillwise.test",
                    ADMIN_PHONE,
                    ADMIN_PASSWORD,
                );
                accounts::create_user(db, now, admin).await?
            }
        };
    let staff =
        match db::identity::users::find_by_phone_in_shop(pool, shop.id, Role::Staff, STAFF_PHONE)
            .await?
        {
            Some(staff) => staff,
            None => {
                let staff = person(
                    Role::Staff,
                    "DemoStaff",
                    "staff@tillwise.test",
                    STAFF_PHONE,
                    STAFF_PASSWORD,
                );
                let staff = accounts::create_user(db, now, staff).await?;
                for permission in STAFF_GRANTS {
                    db::identity::permissions::grant(pool, shop.id, staff.id, permission).await?;
                }
                staff
            }
        };
    let started = std::time::Instant::now();
    if demo_content::seed(db, shop.id, now).await? {
        let sellers = DemoSellers {
            admin: seller(&admin),
            staff: seller(&staff),
        };
        demo_sales::seed(db, shop.id, sellers, now).await?;
        db::support::statistics::refresh_after_demo_load(db).await?;
        tracing::info!(
            shop_id = shop.id,
            elapsed_ms = started.elapsed().as_millis() as u64,
            "demo catalogue and history written"
        );
    }

    let demo_super_admin =
        if db::identity::users::find_super_admin_by_phone(pool, SUPER_ADMIN_PHONE)
            .await?
            .is_some()
        {
            true
        } else if db::identity::users::super_admin_exists(pool).await? {
            false
        } else {
            let super_admin = NewAccount {
                shop_id: None,
                role: Role::SuperAdmin,
                user_name: "DemoSuper",
                email: "super@tillwise.test",
                phone_number: SUPER_ADMIN_PHONE,
                password: SUPER_ADMIN_PASSWORD,
            };
            accounts::create_user(db, now, super_admin).await?;
            true
        };
    Ok(DemoCredentials {
        shop_id: shop.id,
        staff_id: staff.staff_id.unwrap_or_default(),
        demo_super_admin,
    })
}

fn seller(user: &User) -> Staff<'_> {
    Staff {
        user_id: user.id,
        user_name: &user.user_name,
        role: user.role.as_str(),
    }
}

fn demo_shop() -> NewShopAccount<'static> {
    NewShopAccount {
        shop_name: SHOP_NAME,
        email: SHOP_EMAIL,
        phone_number: "7000100",
        country_name: "Maldives",
        currency_code: "MVR",
        time_zone: "Indian/Maldives",
        password: SHOP_PASSWORD,
    }
}

impl fmt::Display for DemoCredentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rule = "=".repeat(78);
        let row = |f: &mut fmt::Formatter<'_>, who, page, name, value: &str, password| {
            writeln!(
                f,
                "  {who:<12} {page:<20} {name:<9} {value:<20} password {password}"
            )
        };
        writeln!(f, "{rule}")?;
        writeln!(
            f,
            "DEMO DATA (POS_DEMO=1): for trying Tillwise POS, not for real use."
        )?;
        writeln!(
            f,
            "Sign the till in to the shop first, then an admin or a staff member."
        )?;
        row(f, "shop", "/shop/login", "email", SHOP_EMAIL, SHOP_PASSWORD)?;
        row(
            f,
            "admin",
            "/shop/admin/login",
            "phone",
            ADMIN_PHONE,
            ADMIN_PASSWORD,
        )?;
        row(
            f,
            "staff",
            "/shop/staff/login",
            "staff ID",
            &self.staff_id,
            STAFF_PASSWORD,
        )?;
        if self.demo_super_admin {
            row(
                f,
                "super admin",
                "/super/admin/login",
                "phone",
                SUPER_ADMIN_PHONE,
                SUPER_ADMIN_PASSWORD,
            )?;
        } else {
            writeln!(
                f,
                "  super admin  the one configured before the demo (not a demo account)"
            )?;
        }
        writeln!(
            f,
            "Passwords are the seeded ones unless they were changed in the app."
        )?;
        write!(f, "{rule}")
    }
}
