def test_status_answers_for_each_brand(brand_app):
    bd = brand_app("demo-bd.localhost").get("/wps/system/status").json
    ph = brand_app("demo-ph.localhost", ip="192.0.2.44").get("/wps/system/status").json
    assert bd["value"]["brand"]["slug"] == "demo-bd"
    assert ph["value"]["brand"]["slug"] == "demo-ph"
