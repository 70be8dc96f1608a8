//! Scale-out and the one-query session lookup (`db::identity::sessions::find_user_session`):
//! nothing about a signed-in user is kept between requests, so a grant the super admin revokes
//! through one process is refused by the other on the very next request, and given back the same
//! way. PostgreSQL only, like server/tests/api/scale_out.rs.

use serde_json::json;

use crate::scale_out_support::{Cluster, ScaleShop, super_admin};

#[tokio::test]
async fn a_grant_revoked_through_one_process_applies_at_once_on_the_other() {
    let cluster = Cluster::start().await;
    // The shop's admin is signed in on A.
    let mut shop = ScaleShop::create(&cluster).await;
    shop.admin.get("/product").await.assert_status(200);
    let me = shop.admin.get("/admin/check-logged").await;
    me.assert_status(200);
    let admin_id = me.data()["_id"]
        .as_str()
        .expect("the admin's id")
        .to_owned();

    let mut boss = super_admin(&cluster.b.base).await;
    let path = format!("/super-admin/staff/{admin_id}/permissions");
    let grant = json!({"permission": "product_read"});
    boss.call("DELETE", &path, Some(grant.clone()))
        .await
        .assert_status(200);
    shop.admin.get("/product").await.assert_status(403);

    boss.call("PATCH", &path, Some(grant))
        .await
        .assert_status(200);
    shop.admin.get("/product").await.assert_status(200);
}
